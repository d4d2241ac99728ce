"""The web dashboard: server-rendered pages at the admin's web root (docs/dashboard.md).

Pages are Jinja templates rendered through Litestar, enhanced by htmx (vendored in
``static/``); every form posts and redirects, so the core flows work with JavaScript
off. Handlers call the same services as ``/v1``. A dashboard request crosses the same
front door (admin/http/gate.py): its session cookie becomes the principal there
(``door.py``) and counts against the account's rate limit; static files are served
outside it.
"""
