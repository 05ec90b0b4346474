"""Helpers the tests share (a test file never imports another): engine, simulation, card table and language helpers."""
