"""Wheel build hook: compile the modules that run on every abstract with mypyc.

The pipeline spends most of its time in small Python functions around regex and spaCy calls;
compiled to C by mypyc they cost about a tenth less of a whole run (bench/benchmark.py).
The modules to compile are listed in pyproject.toml (`compile`); their `.py` files ship too,
and the compiled ones take precedence on import.

Skipped for an editable install (`pip install -e .`: the source is what runs, so edits take
effect) and when EXTRACT_PURE_PYTHON is set (no C compiler: the package is the same, only
slower). A failed compile stops the build with the compiler's output and that hint.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PURE_ENV = "EXTRACT_PURE_PYTHON"
PACKAGE = "extract"
_SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(name="extract-mypyc", packages=[], py_modules=[],
      ext_modules=mypycify({args!r}, opt_level="3", group_name="extract"))
"""


class MypycHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or version == "editable" or os.environ.get(PURE_ENV):
            return
        modules = self.config.get("compile", [])
        if not modules:
            return
        self._work = Path(tempfile.mkdtemp(prefix="extract-mypyc-"))
        shutil.copytree(Path(self.root) / PACKAGE, self._work / PACKAGE,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
        # Third-party imports (spaCy, regex) are typed as Any: the build environment does not
        # have them, and the compiled code must not depend on their annotations.
        args = ["--ignore-missing-imports", "--follow-imports=silent", *modules]
        (self._work / "setup.py").write_text(_SETUP.format(args=args), encoding="utf-8")
        done = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=self._work,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if done.returncode:
            shutil.rmtree(self._work, ignore_errors=True)
            raise RuntimeError(f"mypyc could not compile {PACKAGE}:\n{done.stdout}\n"
                               f"Set {PURE_ENV}=1 to install it as pure Python (same results, slower).")
        suffix = ".pyd" if sys.platform == "win32" else ".so"
        built = [p for p in self._work.rglob(f"*{suffix}") if "build" not in p.relative_to(self._work).parts]
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(self._work).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
