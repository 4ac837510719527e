"""The review layer without a browser: page data, gold statuses, the concordance and the
displaCy export, on real seed abstracts and small tables of cases."""
import json
import re
from pathlib import Path

import pytest

from extract.cli.main import main
from extract.evaluation.scoring import match_mentions
from extract.inputs.readers import Abstract, read_inputs
from extract.review import concordance as cc
from extract.review.displacy import displacy_docs
from extract.review.marks import eval_doc, review_doc
from extract.review.page import embed_json, render_page

REPO = Path(__file__).resolve().parent.parent
SEEDS = str(REPO / "seeds")


@pytest.fixture(scope="module")
def seed_records(extractor):
    return [extractor.extract(a).model_dump() for a in read_inputs([SEEDS])]


def embedded(page: str):
    body = re.search(r'<script type="application/json" id="extract-data">(.*?)</script>', page, re.S).group(1)
    return json.loads(body)


@pytest.mark.parametrize("text", ["</script><script>alert(1)</script>", "<!-- <script>", "a & b > c",
                                  "\u2028line\u2029", "</SCRIPT >", "<img src=x onerror=alert(1)>"])
def test_embedded_json_cannot_leave_its_script_element(text):
    page = render_page([{"id": text, "title": text, "text": text, "marks": []}], title=text)
    assert page.lower().count("</script") == 2  # the data block's and the code's
    assert "<img" not in page and "<!--" not in page
    data = embedded(page)
    assert data["docs"][0]["text"] == text and data["title"] == text
    assert "<" not in embed_json({"t": text})


def test_review_doc_has_one_mark_per_mention_with_its_keys(seed_records):
    for record in seed_records:
        doc = review_doc(record)
        mentions = [(f, m) for f in ("methods", "models", "datasets", "metrics", "speedups", "github") for m in record[f]]
        assert len(doc["marks"]) == len(mentions)
        for (start, end, field, rule, status, keys), (f, m) in zip(doc["marks"], mentions):
            assert (start, end, field, rule, status) == (m["start"], m["end"], f, m["rule"], "")
            assert record["text"][start:end] == m["text"]
            assert "text" not in keys and "start" not in keys
            assert keys.get("name", keys.get("value", keys.get("url", keys.get("factor", keys.get("percent"))))) is not None


TEXT = "We propose FooNet, which beats BarNet and BazNet on ImageNet."


def _m(name, role="other", rule="r"):
    at = TEXT.index(name)
    return {"text": name, "start": at, "end": at + len(name), "rule": rule, "name": name, "role": role}


@pytest.mark.parametrize("gold, pred, want", [
    ([{"text": "FooNet", "name": "FooNet", "role": "proposed"}], [_m("FooNet", "proposed")], {"FooNet": "tp"}),
    ([], [_m("FooNet", "proposed")], {"FooNet": "fp"}),
    ([{"text": "BarNet", "name": "BarNet", "role": "other"}], [], {"BarNet": "fn"}),
    ([{"text": "FooNet", "name": "FooNet", "role": "other"}], [_m("FooNet", "proposed")], {"FooNet": "fn fp"}),
    ([{"text": "BazNet", "name": "BazNet", "role": "other", "optional": True}], [_m("BazNet")], {"BazNet": "opt"}),
    ([{"name": "foonets", "role": "proposed", "text": "FooNet"}], [_m("FooNet", "proposed")], {"FooNet": "tp"}),
])
def test_eval_doc_status_follows_the_scoring(gold, pred, want):
    doc = eval_doc({"id": "a", "text": TEXT, "methods": gold}, {"id": "a", "text": TEXT, "methods": pred})
    got = {}
    for m in doc["marks"]:
        got[TEXT[m[0]:m[1]]] = " ".join(sorted(got.get(TEXT[m[0]:m[1]], "").split() + [m[4]]))
    assert got == want


def test_a_missed_gold_item_not_in_the_text_has_no_offsets():
    doc = eval_doc({"id": "a", "text": TEXT, "methods": [{"text": "QuxNet", "name": "QuxNet", "role": "other"}]},
                   {"id": "a", "text": TEXT, "methods": []})
    assert [m[:5] for m in doc["marks"]] == [[-1, -1, "methods", "", "fn"]]


def test_match_mentions_agrees_with_the_scores_on_seed_gold(extractor):
    from extract.evaluation.scoring import score_pairs

    gold = [json.loads(l) for l in (REPO / "data/gold/seeds.jsonl").read_text().splitlines() if l.strip()]
    preds = [extractor.extract_text(g["text"], id=g["id"]).model_dump() for g in gold]
    scores, _ = score_pairs(zip(gold, preds))
    for view in ("methods", "models", "datasets", "metrics.value", "speedups", "github"):
        field = view.split(".")[0]
        tp = fp = fn = 0
        for g, p in zip(gold, preds):
            matched, false_alarms, misses = match_mentions(g[field], p[field], view)
            tp, fp, fn = tp + len(matched), fp + len(false_alarms), fn + len(misses)
        assert (tp, fp, fn) == (scores[view].tp, scores[view].fp, scores[view].fn)


def test_rule_hits_are_the_mentions_with_that_rule(extractor, seed_records):
    rule = "methods.acronym"
    c = cc.concordance(read_inputs([SEEDS]), cc.rule_finder(extractor, rule), rule)
    want = [(r["id"], m["start"], m["end"]) for r in seed_records for m in r["methods"] if m["rule"] == rule]
    got = [(a.id, h.start, h.end) for a, h in c.all_hits()]
    assert sorted(got) == sorted(want) and len(want) > 5
    assert c.read == 57 and len(c.found) == len({w[0] for w in want})
    every_method = cc.concordance(read_inputs([SEEDS]), cc.rule_finder(extractor, "methods."), "methods.")
    assert every_method.hits == sum(len(r["methods"]) for r in seed_records)


@pytest.mark.parametrize("raw, pattern, want", [
    ("We use **BERT** here.", r"\bBERT\b", ["BERT"]),
    ("Our ${\\bf PULSE}$ model", r"PULSE model", ["PULSE}$ model"]),
    ("see https://github.com/a/b", r"github\.com/(?P<owner>\w+)", ["github.com/a"]),
    ("naïve x2 and X2", r"x2", ["x2"]),
])
def test_regex_hits_map_back_to_the_raw_text(raw, pattern, want):
    c = cc.concordance([Abstract(id="a", source="t", text=raw)], cc.regex_finder(pattern), "q")
    assert [raw[h.start:h.end] for _, h in c.all_hits()] == want


def test_phrase_hits_from_a_draft_word_list(tmp_path):
    words = tmp_path / "w.tsv"
    words.write_text("name\taliases\nImageNet\tImageNet-1k|IN-1k\n")
    text = "Trained on ImageNet-1k, tested on imagenet and IN-1k."
    for ignore_case, want in ((False, ["ImageNet-1k", "IN-1k"]), (True, ["ImageNet-1k", "imagenet", "IN-1k"])):
        c = cc.concordance([Abstract(id="a", source="t", text=text)], cc.phrase_finder(str(words), ignore_case), "q")
        assert [text[h.start:h.end] for _, h in c.all_hits()] == want
        assert {h.keys["name"] for _, h in c.all_hits()} == {"ImageNet"}


def test_sample_is_seeded_in_corpus_order_and_capped():
    c = cc.concordance(read_inputs([SEEDS]), cc.regex_finder(r"\b[A-Z]{2,}\b"), "caps")
    assert c.hits > 50
    a, b = c.sample(10, seed=3), c.sample(10, seed=3)
    assert a == b and a == sorted(a) and len(set(a)) == 10
    assert c.sample(10, seed=4) != a
    assert len(c.sample(10 ** 6)) == c.hits


def test_kwic_puts_the_hit_on_one_line():
    text = "first line\nsecond  line HIT then\tmore"
    start = text.index("HIT")
    assert cc.kwic(text, start, start + 3, width=10) == ("cond line ", "HIT", " then more")
    assert cc.kwic(text, start, start + 3, width=40) == ("first line second line ".rjust(40), "HIT", " then more")


def test_rules_hits_command(tmp_path, capsys):
    out = tmp_path / "hits.html"
    assert main(["rules", "hits", SEEDS, "--regex", r"\b(?P<name>[A-Z]{2,}[a-z]*)\b", "--sample", "3",
                 "--html", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    counts = re.match(r"regex .*: (\d+) hits in (\d+) of 57 abstracts; 3 shown", lines[0])
    assert counts and int(counts.group(1)) >= 3
    assert len(lines) == 4 and all(re.search(r"\[[A-Z]{2,}[a-z]*\]", l) for l in lines[1:])
    data = embedded(out.read_text())
    assert len(data["kwic"]) == 3 and sum(len(d["marks"]) for d in data["docs"]) == int(counts.group(1))


@pytest.mark.parametrize("args, message", [
    (["--regex", "(unclosed"], "--regex does not compile"),
    (["--rule", "datasets.bench_sufix"], "did you mean datasets.bench_suffix"),
    (["--phrases", "no-such-file.txt"], "cannot read word list"),
])
def test_rules_hits_user_errors_are_one_line(args, message, capsys):
    code = main(["rules", "hits", SEEDS, "--limit", "3", *args])
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert code in (0, 2)


def test_review_command_reports_a_bad_line_and_keeps_the_rest(tmp_path, seed_records, capsys):
    records = tmp_path / "r.jsonl"
    records.write_text(json.dumps(seed_records[0]) + "\n{oops\n" + json.dumps(seed_records[1]) + "\n")
    page = tmp_path / "r.html"
    assert main(["review", str(records), "-o", str(page)]) == 1
    assert f"{records}:2: not valid JSON" in capsys.readouterr().err
    assert [d["id"] for d in embedded(page.read_text())["docs"]] == [seed_records[0]["id"], seed_records[1]["id"]]


def test_run_review_needs_a_jsonl_output(tmp_path, capsys):
    assert main(["run", SEEDS, "-o", str(tmp_path / "x.csv"), "--review", str(tmp_path / "r.html")]) == 2
    assert "--review needs the records in a JSONL file" in capsys.readouterr().err
    out, page = tmp_path / "x.jsonl", tmp_path / "r.html"
    assert main(["run", SEEDS, "-o", str(out), "--review", str(page), "-j", "1", "-q"]) == 0
    assert len(embedded(page.read_text())["docs"]) == 57


def test_displacy_export_renders_in_spacy(tmp_path, seed_records):
    from spacy import displacy

    records = tmp_path / "r.jsonl"
    records.write_text("".join(json.dumps(r) + "\n" for r in seed_records))
    out = tmp_path / "spans.json"
    assert main(["review", str(records), "-o", str(out), "--format", "displacy"]) == 0
    docs = json.loads(out.read_text())
    assert len(docs) == 57
    for doc, record in zip(docs, seed_records):
        n = sum(len(record[f]) for f in ("methods", "models", "datasets", "metrics", "speedups", "github"))
        assert len(doc["spans"]) == n
        for s in doc["spans"]:
            covered = "".join(doc["tokens"][s["start_token"]:s["end_token"]])
            assert doc["text"][s["start"]:s["end"]].replace(" ", "") in covered
    for doc in docs[:10]:
        html = displacy.render(doc, style="span", manual=True)
        labels = re.findall(r"\n\s+([A-Z]+)\n\s+</span>", html)  # one label box at each span's start
        assert sorted(labels) == sorted(s["label"] for s in doc["spans"])


def test_readmes_document_the_pages_and_the_concordance():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    rules_readme = (REPO / "rules" / "README.md").read_text(encoding="utf-8")
    for text in ("extract review", "--review", "eval --html", "--format displacy", 'doc.spans["sc"]',
                 "chromium-driver"):
        assert text in readme, text
    for option in ("--rule ", "--regex ", "--phrases ", "--sample ", "--seed ", "--html ", "--limit "):
        assert option in rules_readme, option
    assert "extract rules hits" in rules_readme


def test_hits_from_records_equal_hits_from_a_pipeline_run(extractor, seed_records, tmp_path, capsys):
    rule = "methods.gazetteer"
    fresh = cc.concordance(read_inputs([SEEDS]), cc.rule_finder(extractor, rule), rule)
    stored = cc.records_concordance(seed_records, rule)
    assert [(a.id, h) for a, h in stored.all_hits()] == [(a.id, h) for a, h in fresh.all_hits()]
    assert stored.hits > 5 and stored.read == fresh.read == 57
    records = tmp_path / "r.jsonl"
    records.write_text("".join(json.dumps(r) + "\n" for r in seed_records))
    assert main(["rules", "hits", str(records), "--records", "--rule", rule, "--sample", "0"]) == 0
    assert capsys.readouterr().out.startswith(f"rule {rule}: {stored.hits} hits in {len(stored.found)} of 57")


def test_a_runaway_draft_regex_is_stopped_per_abstract(monkeypatch):
    monkeypatch.setenv("EXTRACT_REGEX_TIMEOUT", "0.05")
    texts = ["a" * 40 + "!", "ends in aa"]
    items = [Abstract(id=f"t{i}", source="in.jsonl", text=t, line=i + 1) for i, t in enumerate(texts)]
    c = cc.concordance(items, cc.regex_finder(r"(a|aa)+$"), "q")
    assert c.read == 2 and c.problems == ["in.jsonl:1: the pattern ran out of time on abstract t0; skipped"]
    assert [(a.id, a.text[h.start:h.end]) for a, h in c.all_hits()] == [("t1", "aa")]
