"""The class table service: learners play each other at one table, bots fill the empty seats (issue 34).

The top floor of the package, like :mod:`thirtyone.server`: it imports Tornado; nothing in the engine or the
widgets imports it. :mod:`.protocol` is the messages, :mod:`.tables` the tables (pure logic), :mod:`.store` the
SQLite file, :mod:`.service` the Tornado app, :mod:`.client` the client the lesson page and the tests use.
"""
