"""Benchmark: a club night's recording and watching, side by side with a bare Django view.

    .venv/bin/python bench/club.py [--tables 50] [--entries 150] [--connections 16]
                                   [--workers 2] [--threads 1] [--seconds 10]

One command, one run, every figure the issue asks for, each as a ratio to a bare Django view
measured in the same run on the same machine:

1. Starts two gunicorn servers on 127.0.0.1 (``--workers`` sync workers each): the app with
   production settings (DEBUG off, a secret key, plain HTTP allowed on loopback) on port 8801,
   and the bare Django project of ``bench/bare/`` (one view, one ORM query, a small template;
   its docstring says exactly what it includes) on port 8802. Each gets its own throwaway
   PostgreSQL database, created here and dropped at the end (``DATABASE_URL`` names the app's
   instead, which is then neither created nor dropped).
2. Builds ``--tables`` tables with a game under way: a mix of the four games, some recorded card
   by card and some by quick entry. The games are legal games played out by the simulated tables
   of the engine's property tests (``tests/rules/test_*_properties.py``) from fixed seeds; the
   first entries of each (``--entries``, fewer for games that are shorter than that: see the
   table summary printed) go straight into the database, the rest are kept to be recorded over
   HTTP. Plus a Belote game recorded card by card at exactly ``--entries`` entries for the
   page and live measurements, and one long Buck Euchre game (the first seed whose game lasts
   past ``--long`` entries) entered twice: stopped at entry 10 and at entry ``--long``.
3. Records entries like a phone does: an htmx POST to ``/t/<scorer key>/g/<n>/record/<kind>/``
   with the CSRF cookie and token, ``HX-Request: true`` and the entry form's fields as the form
   fills them in to correct that entry (``initial_from``), with a fresh ``client_id``. Every
   POST body is checked in the setup step against the form and the engine, a dry run posts one
   entry to every table first, and the database is counted afterwards: refused entries are
   reported and make the command fail.
4. Measures with ``--connections`` concurrent connections (threads in several processes, so the
   load generator is not the limit), for ``--seconds`` each, the app and then bare Django:
   recording (each connection owns its own tables and posts each table's entries in order),
   the game page, the live fragment after a change (``live/?v=0``) and the live poll with
   nothing changed (204). CPU per request is the gunicorn processes' CPU time (utime + stime
   from /proc, master and workers) over the requests served; "db" is the same for the
   PostgreSQL backends serving that server's database. Queries per request are counted in the
   setup step with Django's test client (second request of each kind, so caches are warm).
   Then recording at a club's pace (``--pace`` entries a second in all, each table's entries
   falling due at random, open loop): the latency a scorer feels when the server
   is not saturated, as against the closed-loop figures above, where each of the 16
   connections posts again as soon as it is answered and so waits behind the others.
   Then recording at the goal's throughput (0.25 times bare Django's POSTs a second, as just
   measured) offered the same way by a copy of the ``--tables`` tables: the latency while the
   app does that much work, each entry's counted from when it fell due.
   Then, one request at a time: recording at entry 10 and at entry ``--long`` of the same game,
   the game page and live fragment there too, and the game page's size over the wire.

Prints one table with PASS/FAIL beside each goal; asserts nothing except that the setup
worked and that every entry was accepted. All traffic goes to 127.0.0.1 and stops by itself.
Sync gunicorn workers close the connection after each response, so each request opens a new
loopback TCP connection (the client would keep it alive otherwise).

The code, one module a part, each readable on its own (``bench/club.py`` runs ``__main__``):

- ``__main__.py``: the command line, and the run: databases, the setup step, the servers, then
  ``measure``.
- ``common.py``: paths, ports, the goals, and what every measure is given (``Run``).
- ``build.py``: the games played out, the entries a phone posts for them, the tables written
  (the setup step, in a subprocess with the app's settings) and counted.
- ``servers.py``: gunicorn and PostgreSQL: starting, waiting, CPU from ``/proc``, the garbage
  collector probe.
- ``client.py``: HTTP over a raw socket, the CSRF cookie, the record POST, warming and timing one
  request at a time.
- ``load.py``: the load generator: closed loop (connections in threads in processes) and open
  loop (entries falling due at random).
- ``measure.py``: the measures in order, then the database checked against what was accepted;
  one module per measure: ``dry_run.py``, ``reads.py`` (live poll, live fragment, game page),
  ``recording.py`` (an entry, at entry 10 and at ``--long``), ``open_loop.py`` (a club's pace,
  the goal's throughput), ``one_at_a_time.py`` (page and fragment as the log grows),
  ``first_load.py`` (the page over the wire).
- ``report.py``: the setup described and the table of figures printed.
"""
