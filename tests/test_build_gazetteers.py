"""The gazetteer builder (data/build_gazetteers.py): registry strings to the names papers
write, the filters, a whole build from a git snapshot, and the provenance of the committed lists."""
from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

DATA = Path(__file__).resolve().parent.parent / "data"
sys.path.insert(0, str(DATA))

import build_gazetteers  # noqa: E402
from gazetteer_filters import (Corpus, api_model, coined, corpus_title, described, display_name, env_id,  # noqa: E402
                               method_title, mteb_task, saliency_name, shape_ok, technique_title, trainer_title,
                               versions_title)
from gazetteer_parsers import (Candidate, _paren_pair, first_table_column, list_links, path_names,  # noqa: E402
                               yaml_items)

from extract.resources.wordlists import load_word_list  # noqa: E402

BRANDS = {"gpt": "GPT", "gemini": "Gemini", "claude": "Claude", "qwen3": "Qwen3"}


@pytest.mark.parametrize("name, ids, expect_name, expect_some", [
    ("gpt 4.1 mini", ["gpt-4.1-mini"], "GPT-4.1 mini", ["GPT-4.1-mini", "gpt-4.1-mini"]),
    ("Claude Opus 4.6", ["claude-opus-4-6"], "Claude Opus 4.6", ["Claude 4.6 Opus", "claude-opus-4-6"]),
    ("gemini 2.0 flash lite", ["gemini-2.0-flash-lite-001"], "Gemini 2.0 Flash Lite", ["Gemini-2.0-Flash-Lite"]),
    ("Grok 2 1212", ["grok-2-1212"], "Grok 2", ["Grok-2"]),
    ("GPT-5.3-Codex", ["gpt-5.3-codex"], "GPT-5.3 Codex", ["GPT-5.3-Codex", "gpt-5.3-codex"]),
    ("Qwen3 30B A3B Thinking", ["qwen/qwen3-30b-a3b-thinking-2507"], "Qwen3", []),
])
def test_api_model_names_become_paper_spellings(name, ids, expect_name, expect_some):
    c = api_model(Candidate(name, "p.yml", ids), BRANDS)
    assert c.name == expect_name
    assert set(expect_some) <= set(c.aliases)


@pytest.mark.parametrize("name", ["Claude 2.0 / 2.1", "Command", "Mistral Large"])
def test_api_model_drops_pairs_and_unversioned_words(name):
    assert api_model(Candidate(name, "p.yml"), BRANDS) is None


@pytest.mark.parametrize("normaliser, raw, expect", [
    (env_id, "HalfCheetah-v4", "HalfCheetah"),
    (env_id, "phys2d/CartPole-v1", None),
    (mteb_task, "SciFact.v2", "SciFact"),
    (mteb_task, "ArguAna-PL", None),
    (mteb_task, "HotelReviewSentimentClassification", None),
    (mteb_task, "STS12", "STS12"),
    (mteb_task, "STS12VisualSTS", None),
])
def test_registry_ids(normaliser, raw, expect):
    c = normaliser(Candidate(raw, "f.py"))
    assert (c.name if c else None) == expect


@pytest.mark.parametrize("raw, name, aliases", [
    ("SemCor 3.0", "SemCor", ["SemCor 3.0"]),
    ("SENSEVAL 2 Corpus: Sense Tagged Text", "SENSEVAL 2 Corpus", ["SENSEVAL 2"]),
    ("TIMIT Corpus Sample", "TIMIT Corpus", ["TIMIT"]),
    ("The Reuters-21578 benchmark corpus, ApteMod version", "Reuters-21578", []),
    ("Brown Corpus", "Brown Corpus", []),
])
def test_corpus_titles_lose_versions_and_descriptions(raw, name, aliases):
    c = corpus_title(Candidate(raw, "index.xml"))
    assert (c.name, c.aliases) == (name, aliases)


def test_a_table_cell_link_is_read_as_its_text():
    snap = type("Snap", (), {"files": lambda self, globs: ["README.md"],
                             "read": lambda self, path: "| Task | Type |\n|---|---|\n| [MR](https://x.org/a) | review |\n"})()
    assert [c.name for c in first_table_column(snap, ["README.md"], "Task")] == ["MR"]


def test_a_table_column_other_than_the_first():
    """RecSysDatasets numbers its rows: the name is the second cell, without its note or escapes."""
    text = ("| SN | Dataset | #User |\n|----|---|---|\n| 1 | [Yelp](https://x)<br>(5 versions) | - |\n"
            "| 2 | Book\\-Crossing | 105,284 |\n")
    snap = type("Snap", (), {"files": lambda self, globs: ["README.md"], "read": lambda self, path: text})()
    assert [c.name for c in first_table_column(snap, ["README.md"], "SN", column=1)] == ["Yelp", "Book-Crossing"]


def test_path_names_reads_each_folder_name_once():
    snap = type("Snap", (), {"files": lambda self, globs: [
        "scripts/long_term_forecast/Traffic_script/PatchTST.sh", "scripts/long_term_forecast/Traffic_script/DLinear.sh",
        "scripts/anomaly_detection/SMAP/TimesNet.sh", "scripts/long_term_forecast/Mamba_all.sh"]})()
    got = [c.name for c in path_names(snap, ["scripts/*/*/*"], r"^scripts/\w+/(?P<name>[A-Z][A-Za-z0-9]*?)(?:_script)?/")]
    assert got == ["Traffic", "SMAP"]


@pytest.mark.parametrize("raw, expect", [
    ("Kinetics-\\[400/600/700\\]", ["Kinetics-400", "Kinetics-600", "Kinetics-700"]),
    ("MSR-VTT Retrieval/ Video Question-Answering Dataset", ["MSR-VTT"]),
    ("THUMOS'14", ["THUMOS'14"]),
    ("UCF101-24", ["UCF101-24"]),
    ("Something-Something V2", ["Something-Something V2"]),
])
def test_data_page_titles_give_one_set_per_version(raw, expect):
    out = versions_title(Candidate(raw, "tools/data/x/README.md"))
    assert [c.name for c in (out if isinstance(out, list) else [out])] == expect


@pytest.mark.parametrize("normaliser, raw, name, aliases", [
    (technique_title, "Chain-of-Thought Prompting", "Chain-of-Thought", ["Chain-of-Thought Prompting"]),
    (technique_title, "ReAct Prompting", "ReAct", ["ReAct Prompting"]),
    (technique_title, "Directional Stimulus Prompting", "Directional Stimulus Prompting", []),
    (technique_title, "Tree of Thoughts (ToT)", "ToT", ["Tree of Thoughts"]),
    (method_title, "Rectified Adam Optimizer", "Rectified Adam", []),
    (method_title, "Rotary Positional Embeddings", "Rotary Positional Embeddings", ["Rotary Positional Embedding"]),
    (method_title, "Deep Q Networks", "Deep Q Networks", ["Deep Q Network"]),
    (method_title, "Batch Normalization", "Batch Normalization", []),
    (saliency_name, "ScoreCAM", "ScoreCAM", ["Score-CAM"]),
    (saliency_name, "XGradCAM", "XGradCAM", ["XGrad-CAM"]),
    (saliency_name, "HiResCAM", "HiResCAM", ["HiRes-CAM"]),
    (saliency_name, "FullGrad", "FullGrad", []),
])
def test_method_page_titles(normaliser, raw, name, aliases):
    c = normaliser(Candidate(raw, "f"))
    assert (c.name, c.aliases) == (name, aliases)


def _snap(text: str):
    return type("Snap", (), {"files": lambda self, globs: ["f"], "read": lambda self, path: text})()


def test_list_links_reads_top_level_linked_items_and_their_expansions():
    text = ("- [Conservative Q-Learning (CQL)](https://a)\n- [ChartQA](https://b) (chartqa)\n"
            "  - [ChartQA Test](https://c)\nSee [docs](https://d).\n")
    got = [(c.name, c.long_form) for c in list_links(_snap(text), ["f"])]
    assert got == [("CQL", "Conservative Q-Learning"), ("ChartQA", "")]


def test_yaml_items_skips_groups_and_opens_one_key_items():
    helm = yaml.safe_dump({"run_groups": [{"name": "core", "display_name": "Core scenarios", "subgroups": ["x"]},
                                          {"name": "xnli", "display_name": "XNLI"}]})
    assert [c.name for c in yaml_items(_snap(helm), ["f"], "display_name", "run_groups", ("subgroups",))] == ["XNLI"]
    index = yaml.safe_dump([{"ifeval": {"name": "IFEval", "category": "x"}}])
    assert [c.name for c in yaml_items(_snap(index), ["f"], "name")] == ["IFEval"]


@pytest.mark.parametrize("normaliser, raw, expect", [
    (display_name, "Llama 3 (70B)", "Llama 3"),
    (display_name, "MMLU Virology (Sesotho)", "MMLU Virology"),
    (display_name, "DecodingTrust - Fairness", "DecodingTrust"),
    (display_name, "SuperGLUE / BoolQ", "BoolQ"),
    (display_name, "Mistral Large on Amazon Bedrock", "Mistral Large"),
    (display_name, "LLaVA + Vicuna-v1.5", None),
    (trainer_title, "Nash-MD Trainer", "Nash-MD"),
])
def test_display_names(normaliser, raw, expect):
    c = normaliser(Candidate(raw, "f"))
    assert (c.name if c else None) == expect


@pytest.mark.parametrize("name, expect", [("TyDiQA", True), ("bAbI", True), ("VoxCeleb2", True), ("MMLU Virology", True),
                                          ("Virology", False), ("Business Ethics", False)])
def test_coined_names(name, expect):
    assert coined(name) is expect


def test_a_phrase_abstracts_write_in_lower_case_is_prose(tmp_path):
    corpus = tmp_path / "c.jsonl"
    corpus.write_text("".join(json.dumps({"abstract": t}) + "\n" for t in
                              ["We solve visual puzzles.", "On visual puzzles, ...", "Visual puzzles are hard.",
                               "We test on Visual Puzzles.", "Results on ZorbQA Test."]))
    c = Corpus(str(corpus))
    assert c.prose_phrase("Visual Puzzles") and not c.prose_phrase("ZorbQA Test") and not c.prose_phrase("ZorbQA")


@pytest.mark.parametrize("title, short, long", [
    ("Weight-Decomposed Low-Rank Adaptation (DoRA)", "DoRA", "Weight-Decomposed Low-Rank Adaptation"),
    ("OSF (Orthogonal Subspace Fine-tuning)", "OSF", "Orthogonal Subspace Fine-tuning"),
    ("VB-LoRA: Extreme Parameter Efficient Fine-Tuning with Vector Banks", "VB-LoRA", ""),
    ("Bridging The Gap between Low-rank and Orthogonal Adaptation via Householder Reflection Adaptation (HRA)",
     "HRA", "Householder Reflection Adaptation"),
    ("Ontonotes v5 (English)", "Ontonotes v5", ""),
    ("LoRA", "LoRA", ""),
])
def test_titles_give_a_name_and_only_a_true_expansion(title, short, long):
    assert _paren_pair(title) == (short, long)


@pytest.mark.parametrize("name, reason", [
    ("mmlu_pro", "not a name"), ("arithmetic", "lower-case word"), ("Results on WI-LOCNESS test set:", "section title"),
    ("Joint Entity and Relation Extraction", "a task, setting or list, not one name"), ("Table of contents", "section title"),
    ("SST-2", None), ("Penn Treebank", None), ("ogbn-arxiv", None),
])
def test_shape_filter(name, reason):
    assert shape_ok(name) == reason


@pytest.mark.parametrize("name, expect", [("Long-tail emerging entities", True), ("Switchboard corpus", False),
                                          ("New York Times Corpus", False)])
def test_descriptions_are_not_dataset_names(name, expect):
    assert described(name) is expect


def _git_repo(path: Path, files: dict[str, str]) -> str:
    path.mkdir(parents=True)
    for name, text in files.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text(text, encoding="utf-8")
    env = ["-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q"], cwd=path, check=True)
    subprocess.run(["git", "add", "."], cwd=path, check=True)
    subprocess.run(["git", *env, "commit", "-qm", "snapshot"], cwd=path, check=True)
    return subprocess.run(["git", "rev-parse", "HEAD"], cwd=path, capture_output=True, text=True).stdout.strip()


def _data_dir(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    (data / "hand").mkdir(parents=True)
    (data / "gazetteers").mkdir()
    shutil.copy(DATA / "gazetteers" / "generic_terms.txt", data / "gazetteers")
    heads = {"models": "name\tfamily\taliases\tflags", "datasets": "name\tdomain\taliases\tflags",
             "methods": "name\tlong_form\taliases\tflags", "metrics": "name\taliases\tflags"}
    rows = {"models": "GPT-4o\tGPT\tGPT4o\t", "datasets": "GLUE\tnlp\t\t", "methods": "PPO\tProximal Policy Optimization\t\t",
            "metrics": "BLEU\t\t"}
    for n, head in heads.items():
        (data / "hand" / f"{n}.tsv").write_text(f"# {n} by hand\n{head}\n{rows[n]}\n", encoding="utf-8")
    return data


def test_a_build_from_a_snapshot(tmp_path):
    commit = _git_repo(tmp_path / "mirror" / "acme+reg", {
        "prices/openai.yml": yaml.safe_dump({"models": [{"id": "gpt-4o", "name": "gpt 4o"},
                                                        {"id": "gpt-5-mini", "name": "GPT-5 mini"}]}),
        "tasks/a/README.md": "# Cautious\n", "tasks/b/README.md": "# GLUE\n", "tasks/c/README.md": "# Table of contents\n",
        "tasks/d/README.md": "# ZorbQA\n", "tasks/e/README.md": "# Zorbland\n"})
    data = _data_dir(tmp_path)
    (data / "sources.yaml").write_text(yaml.safe_dump({"sources": [
        {"repo": "acme/reg", "commit": commit, "list": "models", "parser": "api_models", "normalise": "api_model",
         "args": {"globs": ["prices/*.yml"]}},
        {"repo": "acme/reg", "commit": commit, "list": "datasets", "parser": "doc_titles", "domain": "llm-eval",
         "args": {"globs": ["tasks/*/README.md"]}},
    ]}), encoding="utf-8")
    corpus = tmp_path / "c.jsonl.gz"
    with gzip.open(corpus, "wt") as f:
        for i in range(400):  # 3 in 400 write it lower case: an ordinary word
            f.write(json.dumps({"abstract": f"a {'cautious' if i < 3 else 'careful'} reading {i}"}) + "\n")
    assert build_gazetteers.main(["--mirror", str(tmp_path / "mirror"), "--data", str(data), "--corpus", str(corpus)]) == 0

    models = {e.name: e for e in load_word_list(data / "gazetteers" / "models.tsv")}
    assert set(models) == {"GPT-4o", "GPT-5 mini"}  # gpt 4o confirms the hand entry
    assert models["GPT-5 mini"].attrs == {"family": "GPT"} and "gpt-5-mini" in models["GPT-5 mini"].forms
    datasets = {e.name: e for e in load_word_list(data / "gazetteers" / "datasets.tsv")}
    assert set(datasets) == {"GLUE", "ZorbQA", "Zorbland"}  # `Cautious` is written lower case in the corpus
    assert datasets["Zorbland"].attrs.get("flags") == "ambiguous"  # one capitalised word
    assert datasets["ZorbQA"].attrs == {"domain": "llm-eval"}
    prov = (data / "provenance" / "datasets.tsv").read_text().splitlines()
    assert f"ZorbQA\tacme/reg\ttasks/d/README.md\t{commit}" in prov
    # a hand entry a registry holds has the registry as its source, and only that
    assert f"GLUE\tacme/reg\ttasks/b/README.md\t{commit}" in prov and not any(
        line.startswith("GLUE\thand-made list") for line in prov)


def test_a_registry_string_that_names_several_sets_gives_a_row_each(tmp_path):
    """A normaliser may return several names (mmaction2's `Preparing Kinetics-[400/600/700]`):
    each is filed on its own, with the page as its source."""
    commit = _git_repo(tmp_path / "mirror" / "acme+video", {
        "tools/data/kinetics/README.md": "# Preparing Kinetics-\\[400/600/700\\]\n",
        "tools/data/glue/README.md": "# Preparing GLUE\n"})
    data = _data_dir(tmp_path)
    (data / "sources.yaml").write_text(yaml.safe_dump({"sources": [
        {"repo": "acme/video", "commit": commit, "list": "datasets", "parser": "doc_titles", "domain": "video",
         "normalise": "versions_title",
         "args": {"globs": ["tools/data/*/README.md"], "heading": "(?m)^#\\s+Preparing\\s+(?P<title>.+)$"}}]}),
        encoding="utf-8")
    assert build_gazetteers.main(["--mirror", str(tmp_path / "mirror"), "--data", str(data)]) == 0
    names = {e.name for e in load_word_list(data / "gazetteers" / "datasets.tsv")}
    assert names == {"GLUE", "Kinetics-400", "Kinetics-600", "Kinetics-700"}
    prov = (data / "provenance" / "datasets.tsv").read_text().splitlines()
    assert f"Kinetics-700\tacme/video\ttools/data/kinetics/README.md\t{commit}" in prov
    assert f"GLUE\tacme/video\ttools/data/glue/README.md\t{commit}" in prov


@pytest.mark.parametrize("families", [True, False])
def test_a_price_list_confirms_the_families_of_its_versions(tmp_path, families):
    """`Zorb 2 Pro` in a price list confirms the hand row `Zorb` (a family papers name alone)
    when the source asks for it; a family never becomes a new row."""
    commit = _git_repo(tmp_path / "mirror" / "acme+prices", {
        "prices/zorb.yml": yaml.safe_dump({"models": [{"id": "zorb-2-pro", "name": "Zorb 2 Pro"}]})})
    data = _data_dir(tmp_path)
    with (data / "hand" / "models.tsv").open("a", encoding="utf-8") as f:
        f.write("Zorb\tZorb\t\t\n")
    (data / "sources.yaml").write_text(yaml.safe_dump({"sources": [
        {"repo": "acme/prices", "commit": commit, "list": "models", "parser": "api_models", "normalise": "api_model",
         "confirm_families": families, "args": {"globs": ["prices/*.yml"]}}]}), encoding="utf-8")
    assert build_gazetteers.main(["--mirror", str(tmp_path / "mirror"), "--data", str(data)]) == 0
    prov = (data / "provenance" / "models.tsv").read_text().splitlines()
    assert (f"Zorb\tacme/prices\tprices/zorb.yml\t{commit}" in prov) is families
    assert ("Zorb\thand-made list\tdata/hand/models.tsv\t" in prov) is not families
    names = {line.split("\t")[0] for line in (data / "gazetteers" / "models.tsv").read_text().splitlines()}
    assert "Zorb 2 Pro" in names and "Zorb 2" not in names


def test_a_build_from_pinned_files(tmp_path):
    """A registry too large to snapshot is read from single files (DIR/owner+name/commit/path);
    the manifest's length check stops a build from a cut or changed copy; a confirm_only
    source confirms hand entries and adds none."""
    commit = "a" * 40
    files = tmp_path / "files"
    text = "    GLUE\n    ZorbNet\n"
    (files / "acme+big" / commit / "docs").mkdir(parents=True)
    (files / "acme+big" / commit / "docs" / "sets.rst").write_text(text, encoding="utf-8")
    data = _data_dir(tmp_path)
    item = {"repo": "acme/big", "commit": commit, "list": "datasets", "parser": "quoted_values",
            "pinned": {"docs/sets.rst": len(text)},
            "args": {"globs": ["docs/sets.rst"], "pattern": "(?m)^    (?P<name>\\w+)$"}}
    (data / "sources.yaml").write_text(yaml.safe_dump({"sources": [item]}), encoding="utf-8")
    argv = ["--mirror", str(tmp_path / "none"), "--files", str(files), "--data", str(data)]
    assert build_gazetteers.main(argv) == 0
    assert {e.name for e in load_word_list(data / "gazetteers" / "datasets.tsv")} == {"GLUE", "ZorbNet"}
    prov = (data / "provenance" / "datasets.tsv").read_text().splitlines()
    assert f"GLUE\tacme/big\tdocs/sets.rst\t{commit}" in prov and f"ZorbNet\tacme/big\tdocs/sets.rst\t{commit}" in prov

    (data / "sources.yaml").write_text(yaml.safe_dump({"sources": [{**item, "confirm_only": True}]}), encoding="utf-8")
    assert build_gazetteers.main(argv) == 0
    assert "ZorbNet" not in (data / "gazetteers" / "datasets.tsv").read_text()  # (load_word_list caches by path)

    (data / "sources.yaml").write_text(yaml.safe_dump({"sources": [{**item, "pinned": {"docs/sets.rst": 5}}]}),
                                       encoding="utf-8")
    with pytest.raises(SystemExit, match="the manifest says 5"):
        build_gazetteers.main(argv)


@pytest.mark.parametrize("item, message", [
    ({"repo": "a/b", "list": "models", "parser": "api_models", "commit": "0" * 40, "normalise": "nope"}, "unknown normaliser"),
    ({"repo": "a/b", "list": "tools", "parser": "api_models", "commit": "0" * 40}, "list must be one of"),
    ({"repo": "a/b", "list": "models", "parser": "api_models"}, "missing commit"),
])
def test_bad_manifest_items_name_the_item(tmp_path, item, message):
    data = _data_dir(tmp_path)
    (data / "sources.yaml").write_text(yaml.safe_dump({"sources": [item]}), encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        build_gazetteers.main(["--mirror", str(tmp_path), "--data", str(data)])
    assert "source 1 (a/b)" in str(exc.value) and message in str(exc.value)


@pytest.mark.parametrize("list_name", build_gazetteers.LISTS)
def test_every_committed_entry_has_a_source(list_name):
    """Each row of the built list is the hand list's or names a manifest repository at the
    commit the manifest records, in data/provenance/."""
    manifest = yaml.safe_load((DATA / "sources.yaml").read_text())
    commits = {(s["repo"], s["commit"]) for s in manifest["sources"]}
    sources: dict[str, set] = {}
    for line in (DATA / "provenance" / f"{list_name}.tsv").read_text().splitlines()[1:]:
        name, source, path, commit = line.split("\t")
        sources.setdefault(name, set()).add((source, commit))
        assert source == "hand-made list" or ((source, commit) in commits and path), line
    for entry in load_word_list(DATA / "gazetteers" / f"{list_name}.tsv"):
        assert entry.name in sources, entry.name
    # a hand entry is either confirmed by registries (and then names only them) or the hand list's
    for name in {e.name for e in load_word_list(DATA / "hand" / f"{list_name}.tsv")}:
        hand_made = ("hand-made list", "") in sources[name]
        assert hand_made != any(s != "hand-made list" for s, _ in sources[name]), name
    # Provenance names repository paths, never where a snapshot happened to sit on a machine.
    assert not any(re.search(r"(?:^|\t)/|\.mirror", line) for line in (DATA / "provenance" / f"{list_name}.tsv").open())
