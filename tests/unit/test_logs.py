"""The JSON log formatter writes every record, whatever its fields hold."""

from __future__ import annotations

import asyncio
import io
import logging
from pathlib import Path

import msgspec

from admin.worker.mail import LogTransport, compose
from common.logs import JsonFormatter, TextFormatter


def _captured(run: object) -> list[dict[str, object]]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        assert callable(run)
        run()
    finally:
        root.removeHandler(handler)
    assert "Logging error" not in stream.getvalue()
    return [msgspec.json.decode(line) for line in stream.getvalue().splitlines()]


def test_the_mail_log_transport_writes_the_mail() -> None:
    # Development mail (no HOP_SMTP_URL) went nowhere: its header objects broke the
    # JSON encoder and logging printed a traceback instead of the e-mail.
    message = compose("hop@example.com", "owner@example.com", "Webhook paused", "Resume it.")
    (entry,) = _captured(lambda: asyncio.run(LogTransport(whole=True).send(message)))
    assert entry["action"] == "mail.logged"
    assert entry["to"] == "owner@example.com"
    assert entry["subject"] == "Webhook paused"
    assert entry["body"] == "Resume it.\n"


def test_outside_development_the_mail_log_keeps_the_body_out() -> None:
    # A reset or confirmation e-mail's body holds a link that signs in: outside `hop dev`
    # (HOP_DEV_MAIL_LOG) the log gets who and what about, never the link.
    link = "http://127.0.0.1:8000/reset?token=Zk3q9Lr2Vx7mT5wP8nB4sD1f"
    message = compose("hop@example.com", "owner@example.com", "Hop: reset", f"Open {link}\n")
    (entry,) = _captured(lambda: asyncio.run(LogTransport(whole=False).send(message)))
    assert (entry["action"], entry["to"], entry["subject"]) == (
        "mail.logged",
        "owner@example.com",
        "Hop: reset",
    )
    assert "body" not in entry
    assert "Zk3q9Lr2Vx7mT5wP8nB4sD1f" not in msgspec.json.encode(entry).decode()


def test_a_field_json_cannot_encode_is_written_as_text() -> None:
    log = logging.getLogger("hop.test")
    (entry,) = _captured(lambda: log.warning("odd", extra={"action": "x", "value": object()}))
    assert entry["action"] == "x"
    assert isinstance(entry["value"], str)


def test_the_readme_names_the_mail_line_as_hop_dev_writes_it() -> None:
    """The README said to look for ``"action":"mail.logged"``, the JSON format's text,
    while `hop dev` logs in the text format (HOP_LOG_FORMAT=text)."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(TextFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    message = compose("hop@example.com", "new@example.com", "Hop: confirm", "Open the link.")
    try:
        asyncio.run(LogTransport(whole=True).send(message))
    finally:
        root.removeHandler(handler)
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    hint = readme.split("look for\n`", 1)[1].split("`", 1)[0]
    assert hint == "action=mail.logged"
    assert hint in stream.getvalue()
