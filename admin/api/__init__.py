"""What a domain's routes and wire structs declare about the API, below the front door.

Strict JSON bodies (``body.py``), the examples of wire structs (``examples.py``), the
problem+json body (``problem.py``), the OpenAPI shape of an operation: its problem
responses, binary answers, file bodies and handler options (``operations.py``), the
query parameters every route reads alike (``parameters.py``), a cookie a service asks
an answer to set (``cookies.py``), the export's streamed answer (``stream.py``) and the
fields several resources share (``fields.py``: ``createdBy``).
Domains import these; the front door (``admin/http``) imports the domains, never the
reverse (the layers contract in pyproject.toml).
"""
