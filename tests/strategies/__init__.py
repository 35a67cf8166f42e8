"""Hypothesis strategies that generate valid deal records, one module per game."""
