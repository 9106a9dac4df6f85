"""Meaning: the semantic model, validator rules, evaluator. Plain Python over the node tree."""
