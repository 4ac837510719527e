"""Comparisons the field tests share."""
import math


def same(want, got) -> bool:
    """Numbers within float tolerance, strings case-insensitively, anything else exactly."""
    if isinstance(want, (int, float)) and isinstance(got, (int, float)):
        return math.isclose(want, got, rel_tol=1e-6)
    if isinstance(want, str) and isinstance(got, str):
        return want.lower() == got.lower()
    return want == got
