"""The acronym detector on the Medstract gold standard (tests/data/medstract/README.md).

Issue 14's target is P >= 0.96 and R >= 0.88 (Schwartz-Hearst reported P 0.96 / R 0.82). The
thresholds below are the figures the detector reaches, less a small margin, so that a change
that loses pairs or adds false alarms fails here.
"""
from pathlib import Path

import pytest

from extract.evaluation.acronym_pairs import GoldFileError, load_bioc, pair_key, score_pairs
from extract.text.acronyms import Definition

MEDSTRACT = Path(__file__).parent / "data" / "medstract" / "medstract_bioc_gold.xml"


@pytest.fixture(scope="module")
def medstract():
    return load_bioc(str(MEDSTRACT))


def test_medstract_is_whole(medstract):
    assert len(medstract) == 198
    assert sum(len(d.pairs) for d in medstract) == 158  # 159 relations, one pair in both title and abstract


def test_medstract_precision_and_recall(medstract):
    score = score_pairs(medstract)
    assert score.precision >= 0.98, score.false_alarms  # reached: 0.993 (147 of 148)
    assert score.recall >= 0.92, score.misses  # reached: 0.930 (147 of 158)


@pytest.mark.parametrize("short, long, key", [
    ("TTF-1", "Thyroid transcription factor 1", ("ttf1", "thyroidtranscriptionfactor1")),
    ("C/EBP", "CCAAT/enhancer binding protein", ("cebp", "ccaatenhancerbindingprotein")),
    ("l'sc", "lethal of scute", ("lsc", "lethalofscute")),
])
def test_pair_key(short, long, key):
    assert pair_key(short, long) == key


BIOC = """<?xml version="1.0"?><collection><document><id>7</id>
<passage><offset>0</offset><text>We use large language models (LLMs) and GPUs.</text>
<annotation id="SF0"><location offset="30" length="4"/><text>LLMs</text></annotation>
<annotation id="LF0"><location offset="7" length="21"/><text>large language models</text></annotation>
<relation id="R0"><node refid="LF0" role="LongForm"/><node refid="SF0" role="ShortForm"/></relation>
</passage></document></collection>"""


def test_score_counts_hits_false_alarms_and_misses(tmp_path):
    path = tmp_path / "gold.xml"
    path.write_text(BIOC)
    docs = load_bioc(str(path))
    assert docs[0].pairs == {("llms", "largelanguagemodels")}

    def finds(*pairs):
        return lambda text: [Definition(s, l, 0, len(s), 0, len(l), "lf-sf") for s, l in pairs]

    right = score_pairs(docs, finds(("LLMs", "large language models")))
    assert (right.tp, right.fp, right.fn) == (1, 0, 0)
    wrong = score_pairs(docs, finds(("LLMs", "language models"), ("GPU", "graphics units")))
    assert (wrong.tp, wrong.fp, wrong.fn) == (0, 2, 1)
    assert wrong.misses == [("7", "llms = largelanguagemodels")]


def test_bad_gold_file_names_file_and_line(tmp_path):
    path = tmp_path / "broken.xml"
    path.write_text("<collection>\n<document>\n</collection>\n")
    with pytest.raises(GoldFileError, match=r"broken\.xml:3: not BioC XML"):
        load_bioc(str(path))
    with pytest.raises(GoldFileError, match="cannot be read"):
        load_bioc(str(tmp_path / "missing.xml"))
