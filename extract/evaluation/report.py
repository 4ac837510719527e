"""Plain-text rendering of evaluation scores."""
from __future__ import annotations


def format_scores(scores, long_forms, show: list[str]) -> str:
    lines = [f"{'field':<18}{'P':>7}{'R':>7}{'F1':>7}{'tp':>6}{'fp':>6}{'fn':>6}"]
    for name, s in scores.items():
        lines.append(f"{name:<18}{s.precision:>7.3f}{s.recall:>7.3f}{s.f1:>7.3f}{s.tp:>6}{s.fp:>6}{s.fn:>6}")
    lines.append(f"{'long-form acc':<18}{long_forms.value:>7.3f}  (matched proposed methods: {long_forms.total})")
    for name in show:
        if name == "long_form":
            lines.append("\nlong forms wrong:")
            lines.extend(f"  {rid}: {text}" for rid, text in long_forms.wrong)
            continue
        s = scores.get(name)
        if s is None:
            lines.append(f"\nno such field to show: {name} (one of: {', '.join(scores)}, long_form)")
            continue
        lines.append(f"\n{name}: misses ({len(s.misses)})")
        lines.extend(f"  - {rid}: {text}" for rid, text in s.misses)
        lines.append(f"{name}: false alarms ({len(s.false_alarms)})")
        lines.extend(f"  + {rid}: {text}" for rid, text in s.false_alarms)
    return "\n".join(lines)
