"""The review and eval pages in a real headless Chromium: what a reader sees is what the
records say, filters hide what they should, and no abstract can run a script."""
import json
from pathlib import Path

import pytest

from browser import draw_all, open_page, screenshot_dir, start_browser
from extract.cli.main import main
from extract.inputs.readers import Abstract, read_inputs

REPO = Path(__file__).resolve().parent.parent
FIELDS = ("methods", "models", "datasets", "metrics", "speedups", "github")


@pytest.fixture(scope="module")
def browser():
    driver = start_browser()
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def seed_records(extractor):
    return [extractor.extract(a).model_dump() for a in read_inputs([str(REPO / "seeds")])]


def write_jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def review_page(tmp_path: Path, records, name="review.html") -> Path:
    page = tmp_path / name
    assert main(["review", str(write_jsonl(tmp_path / "records.jsonl", records)), "-o", str(page)]) == 0
    return page


def marks(browser, selector="#docs mark.m:not(.cont)"):
    return browser.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0])).map(function (m) {"
        " return [m.dataset.field, m.dataset.rule || '', m.dataset.status || '', m.textContent]; });", selector)


def shoot(browser, name: str) -> None:
    """A screenshot of the top of the page, for a person to look at."""
    browser.execute_script("window.scrollTo(0, 0);")
    browser.save_screenshot(str(screenshot_dir() / name))


def count_by_field(records):
    return {f: sum(len(r[f]) for r in records) for f in FIELDS}


def test_review_page_marks_every_mention_once(browser, tmp_path, seed_records):
    page = review_page(tmp_path, seed_records)
    open_page(browser, page)
    assert draw_all(browser) == len(seed_records)
    shoot(browser, "review-seeds.png")
    shown = marks(browser)
    want = count_by_field(seed_records)
    assert len(shown) == sum(want.values()) > 100
    assert {f: sum(1 for m in shown if m[0] == f) for f in FIELDS} == want
    # the text of a mark that holds no other mark is the mention's text
    texts = sorted(m["text"] for r in seed_records for f in FIELDS for m in r[f])
    inner = browser.execute_script(
        "return Array.from(document.querySelectorAll('#docs mark.m:not(.cont)'))"
        ".filter(function (m) { return !m.querySelector('mark'); }).map(function (m) { return m.textContent; });")
    assert set(inner) <= set(texts)
    assert browser.get_log("browser") == []


def test_render_on_scroll_draws_a_page_at_a_time(browser, tmp_path, seed_records):
    many = [{**r, "id": f"{r['id']}/{k}"} for k in range(5) for r in seed_records]
    open_page(browser, review_page(tmp_path, many))
    first = browser.execute_script("return document.querySelectorAll('#docs article').length")
    assert first < len(many)
    assert draw_all(browser) == len(many)
    assert len(marks(browser)) == sum(count_by_field(many).values())


def test_field_filter_hides_the_other_fields(browser, tmp_path, seed_records):
    open_page(browser, review_page(tmp_path, seed_records))
    browser.execute_script(
        "document.querySelector('.legend button[data-field=datasets]')"
        ".dispatchEvent(new MouseEvent('click', {shiftKey: true, bubbles: true}));")
    draw_all(browser)
    shown = marks(browser)
    assert {m[0] for m in shown} == {"datasets"}
    assert len(shown) == count_by_field(seed_records)["datasets"]
    articles = browser.execute_script("return document.querySelectorAll('#docs article').length")
    assert articles == sum(1 for r in seed_records if r["datasets"])
    # a second click on another field shows it again, next to datasets
    browser.execute_script("document.querySelector('.legend button[data-field=models]').click();")
    draw_all(browser)
    assert {m[0] for m in marks(browser)} == {"datasets", "models"}


def test_rule_filter_and_search(browser, tmp_path, seed_records):
    open_page(browser, review_page(tmp_path, seed_records))
    rule = seed_records[0]["methods"][0]["rule"]
    browser.execute_script("var s = document.querySelector('select[aria-label=rule]'); s.value = arguments[0];"
                           "s.dispatchEvent(new Event('change'));", rule)
    draw_all(browser)
    shown = marks(browser)
    assert {m[1] for m in shown} == {rule}
    assert len(shown) == sum(1 for r in seed_records for f in FIELDS for m in r[f] if m["rule"] == rule)
    browser.execute_script("var s = document.querySelector('select[aria-label=rule]'); s.value = '';"
                           "s.dispatchEvent(new Event('change'));")
    box = browser.find_element("css selector", "input[type=search]")
    box.send_keys(seed_records[3]["id"])
    browser.execute_script("return new Promise(function (r) { setTimeout(r, 300); });")
    ids = browser.execute_script(
        "return Array.from(document.querySelectorAll('#docs article h2 .id')).map(function (e) { return e.textContent; });")
    assert ids == [seed_records[3]["id"]]


def test_focus_on_a_mention_shows_its_keys_and_rule(browser, tmp_path, seed_records):
    open_page(browser, review_page(tmp_path, seed_records))
    record = next(r for r in seed_records if r["metrics"])
    metric = record["metrics"][0]
    browser.execute_script(
        "var id = arguments[0], a = Array.from(document.querySelectorAll('#docs article')).find(function (x) {"
        " return x.querySelector('h2 .id').textContent === id; });"
        "a.scrollIntoView(); a.querySelector('mark[data-field=metrics]').focus();", record["id"])
    tip = browser.find_element("id", "tip")
    assert tip.is_displayed()
    browser.save_screenshot(str(screenshot_dir() / "review-tooltip.png"))
    assert "metrics" in tip.text and f"rule: {metric['rule']}" in tip.text
    shown_value = browser.execute_script("return String(arguments[0])", metric["value"])
    assert f"value: {shown_value}" in tip.text


def test_overlapping_mentions_nest_and_a_crossing_one_is_cut_in_two(browser, tmp_path):
    text = "We propose Sparse Echo Routing (SER) with GPT-4 on GSM8K."
    def m(surface, field_rule, **keys):
        at = text.index(surface)
        return {"text": surface, "start": at, "end": at + len(surface), "rule": field_rule, **keys}
    record = {"id": "o1", "source": "t", "text": text,
              "methods": [m("Sparse Echo Routing (SER)", "methods.acronym", name="SER", role="proposed")],
              "models": [m("Echo", "models.x", name="Echo"), m("(SER) with GPT-4", "models.y", name="GPT-4")],
              "datasets": [], "metrics": [], "speedups": [], "github": []}
    open_page(browser, review_page(tmp_path, [record]))
    shown = marks(browser)
    assert sorted(x[3] for x in shown) == sorted(["Sparse Echo Routing (SER)", "Echo", "(SER)"])
    pieces = browser.execute_script(
        "return Array.from(document.querySelectorAll('#docs mark.m')).map(function (m) {"
        " return [m.textContent, m.classList.contains('cont'), m.parentNode.tagName, m.style.getPropertyValue('--d')]; });")
    assert ["Echo", False, "MARK", "1"] in pieces  # nested one level down: its underline sits lower
    assert [" with GPT-4", True, "P", "0"] in pieces  # the rest of the crossing mention, after its parent closes
    assert browser.execute_script("return document.querySelector('#docs p.text').textContent") == text
    details = browser.find_element("css selector", "#docs details summary")
    details.click()
    # the table is drawn by the `toggle` event, which the browser fires in a later task
    from selenium.webdriver.support.ui import WebDriverWait

    count_rows = "return document.querySelectorAll('#docs table.recs tr').length"
    WebDriverWait(browser, 5).until(lambda b: b.execute_script(count_rows) > 0)
    assert browser.execute_script(count_rows) == 1 + 3  # a header and one row per mention
    from selenium.webdriver.common.action_chains import ActionChains

    echo = next(e for e in browser.find_elements("css selector", "#docs mark.m") if e.text == "Echo")
    ActionChains(browser).move_to_element(echo).perform()
    tip = browser.find_element("id", "tip")
    assert tip.is_displayed() and "rule: models.x" in tip.text and "name: Echo" in tip.text


def test_eval_page_marks_found_missed_and_false_alarms(browser, tmp_path):
    text = "We propose FooNet, a detector that beats BarNet. Code and the CityScenes data are released."
    gold = [{"id": "g1", "text": text, "methods": [{"text": "FooNet", "name": "FooNet", "role": "proposed"},
                                                    {"text": "BarNet", "name": "BarNet", "role": "other"}],
             "datasets": []},
            {"id": "g2", "text": "Nothing to find here.", "methods": [], "datasets": []}]
    span = {"start": text.index("FooNet"), "end": text.index("FooNet") + 6}
    data = {"start": text.index("CityScenes"), "end": text.index("CityScenes") + 10}
    pred = [{"id": "g1", "source": "t", "text": text,
             "methods": [{"text": "FooNet", **span, "rule": "methods.cue", "name": "FooNet", "role": "proposed"}],
             "datasets": [{"text": "CityScenes", **data, "rule": "datasets.cue", "name": "CityScenes", "role": "used"}]},
            {"id": "g2", "source": "t", "text": "Nothing to find here.", "methods": [], "datasets": []}]
    page = tmp_path / "eval.html"
    assert main(["eval", "--gold", str(write_jsonl(tmp_path / "g.jsonl", gold)),
                 "--pred", str(write_jsonl(tmp_path / "p.jsonl", pred)), "--html", str(page)]) == 0
    open_page(browser, page)
    found = {m[3]: m[2] for m in marks(browser)}
    assert found == {"FooNet": "tp", "BarNet": "fn", "CityScenes": "fp"}
    assert browser.execute_script("return document.querySelectorAll('#docs article').length") == 2
    browser.find_element("id", "errors-only").click()
    ids = browser.execute_script(
        "return Array.from(document.querySelectorAll('#docs article h2 .id')).map(function (e) { return e.textContent; });")
    assert ids == ["g1"]
    rows = browser.execute_script(
        "return Array.from(document.querySelectorAll('table.scores tr')).map(function (r) {"
        " return Array.from(r.children).map(function (c) { return c.textContent; }); });")
    methods = next(r for r in rows if r[0] == "methods")
    assert methods[1:] == ["1.000", "0.500", "0.667", "1", "0", "1"]


def test_eval_page_of_the_seed_gold(browser, tmp_path):
    gold_path = REPO / "data" / "gold" / "seeds.jsonl"
    page = tmp_path / "eval-seeds.html"
    assert main(["eval", "--gold", str(gold_path), "--json", "--html", str(page)]) == 0
    open_page(browser, page)
    draw_all(browser)
    shoot(browser, "eval-seeds.png")
    browser.find_element("id", "errors-only").click()
    draw_all(browser)
    shoot(browser, "eval-seeds-errors.png")
    shown = marks(browser)
    errors = browser.execute_script("return document.querySelectorAll('#docs article').length")
    assert 0 < errors < 57
    # every drawn abstract has an error mark or an unplaced miss
    assert browser.execute_script(
        "return Array.from(document.querySelectorAll('#docs article')).every(function (a) {"
        " return a.querySelector('mark[data-status=fp], mark[data-status=fn]') || a.querySelector('.unplaced'); });")
    assert {m[2] for m in shown} <= {"tp", "fp", "fn", "opt"}


INJECTED = ('<script>window.__pwned = 1</script> <img src=x onerror="window.__pwned = 2"> '
            '<a href="javascript:window.__pwned=3">link</a> </script><script>window.__pwned = 4</script> '
            '<!-- <svg onload="window.__pwned=5"> --> \u2028 {{7*7}} ${alert(6)}')


def test_injected_markup_runs_nothing_and_adds_no_element(browser, tmp_path, extractor):
    text = f"We propose EvilNet {INJECTED} and evaluate it on ImageNet with 91.2% accuracy."
    record = extractor.extract(Abstract(id="evil<script>", source="t", text=text, title=INJECTED)).model_dump()
    record["methods"].append({"text": "EvilNet", "start": text.index("EvilNet"), "end": text.index("EvilNet") + 7,
                              "rule": "</script><img src=x onerror=alert(1)>", "name": INJECTED, "role": "proposed"})
    open_page(browser, review_page(tmp_path, [record]))
    browser.execute_script("Array.from(document.querySelectorAll('#docs mark')).find(function (m) {"
                           " return (m.dataset.rule || '').indexOf('</script>') === 0; }).focus();")
    assert browser.find_element("id", "tip").is_displayed()
    details = browser.find_element("css selector", "#docs details summary")
    details.click()
    state = browser.execute_script(
        "return {pwned: window.__pwned === undefined ? null : window.__pwned,"
        " scripts: document.scripts.length, bad: document.querySelectorAll('img, svg, a, iframe').length,"
        " text: document.querySelector('#docs p.text').textContent,"
        " title: document.querySelector('#docs h2').textContent, tip: document.getElementById('tip').textContent};")
    from selenium.common.exceptions import NoAlertPresentException

    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert.text
    assert state["pwned"] is None
    assert state["scripts"] == 2 and state["bad"] == 0
    assert state["text"] == text
    assert state["title"] == "evil<script>" + INJECTED
    assert INJECTED in state["tip"]
