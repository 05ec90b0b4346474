"""Helpers the tests share (a test file never imports another, tests/tools/test_suite.py checks): engine, simulation,
card table, language and browser helpers."""
