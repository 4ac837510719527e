"""The README's Python example prints what the README says it prints."""
import contextlib
import io
from pathlib import Path

import regex

README = Path(__file__).resolve().parent.parent / "README.md"


def test_python_example_output_matches_readme():
    section = README.read_text(encoding="utf-8").split("## Python", 1)[1]
    blocks = regex.findall(r"```(\w*)\n(.*?)```", section, flags=regex.S)
    code = next(body for lang, body in blocks if lang == "python")
    expected = next(body for lang, body in blocks if lang == "")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    assert out.getvalue() == expected
