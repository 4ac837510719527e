"""The rule engine: rule files in, compiled rules, and their hits on a document."""
