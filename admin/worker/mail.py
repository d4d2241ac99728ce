"""The mailer: owner e-mails, queued in the mail outbox (admin/mail/) by the
transaction that decides them (one pause, one row), sent over SMTP.

Sending is at least once: a mailer that dies between the SMTP answer and its
commit sends that mail again. With no ``HOP_SMTP_URL`` mails are written to the log
instead: whole under ``hop dev`` (``HOP_DEV_MAIL_LOG``), which is how a developer
confirms an account; elsewhere without their body, which may hold a confirmation or
reset link (a secret that signs in), so the log never carries one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import smtplib
import ssl
from collections.abc import Callable
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Protocol
from urllib.parse import unquote, urlsplit

from admin import mail as outbox
from admin.db import Database, DatabaseUnavailable
from common.timefmt import utc_now

logger = logging.getLogger(__name__)
SMTP_TIMEOUT_SECONDS = 30.0
_MAX_BACKOFF_SECONDS = 3600.0
_TRANSIENT: tuple[type[Exception], ...] = (DatabaseUnavailable, OSError)


class Transport(Protocol):
    async def send(self, message: EmailMessage) -> None: ...


class LogTransport:
    """No mail server: the mail goes to the log, its body only if ``whole`` (development)."""

    def __init__(self, whole: bool) -> None:
        self.whole = whole

    async def send(self, message: EmailMessage) -> None:
        extra = {
            "action": "mail.logged",
            "to": str(message["To"]),  # header objects, which JSON cannot encode
            "subject": str(message["Subject"]),
        }
        if self.whole:
            extra["body"] = message.get_content()
            text = "e-mail not sent (HOP_SMTP_URL is unset); it is written here instead"
        else:
            text = (
                "e-mail not sent (HOP_SMTP_URL is unset); its body is not logged, as it "
                "may hold a sign-in link"
            )
        logger.warning(text, extra=extra)


class SmtpTransport:
    """``smtp://[user:pass@]host[:25]``, ``smtp+starttls://…:587`` or ``smtps://…:465``."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.scheme = parts.scheme
        self.host = parts.hostname or "localhost"
        self.port = parts.port or {"smtps": 465, "smtp+starttls": 587}.get(parts.scheme, 25)
        self.user = unquote(parts.username) if parts.username else None
        self.password = unquote(parts.password) if parts.password else None

    def _send(self, message: EmailMessage) -> None:
        context = ssl.create_default_context()
        client: smtplib.SMTP
        if self.scheme == "smtps":
            client = smtplib.SMTP_SSL(
                self.host, self.port, timeout=SMTP_TIMEOUT_SECONDS, context=context
            )
        else:
            client = smtplib.SMTP(self.host, self.port, timeout=SMTP_TIMEOUT_SECONDS)
        with client:
            if self.scheme == "smtp+starttls":
                client.starttls(context=context)
            if self.user is not None:
                client.login(self.user, self.password or "")
            client.send_message(message)

    async def send(self, message: EmailMessage) -> None:
        await asyncio.to_thread(self._send, message)


def transport_for(smtp_url: str | None, *, dev_log: bool) -> Transport:
    return SmtpTransport(smtp_url) if smtp_url else LogTransport(whole=dev_log)


def compose(sender: str, recipient: str, subject: str, body: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = recipient
    message["Subject"] = subject
    message["Date"] = formatdate(usegmt=True)
    message["Message-ID"] = make_msgid(domain="hop")
    message.set_content(body)
    return message


class Mailer:
    def __init__(
        self,
        db: Database,
        transport: Transport,
        sender: str,
        *,
        poll_interval: float,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self.db = db
        self.transport = transport
        self.sender = sender
        self.poll_interval = poll_interval
        self.clock = clock
        self.stopping = asyncio.Event()
        self.sent = 0

    async def send_due(self) -> int:
        """Send every due mail, one transaction each; return how many went out."""
        count = 0
        while not self.stopping.is_set():
            async with self.db.transaction() as conn:
                mail = await outbox.claim_due(conn, self.clock())
                if mail is None:
                    return count
                try:
                    await self.transport.send(
                        compose(self.sender, mail.recipient, mail.subject, mail.body)
                    )
                except (OSError, smtplib.SMTPException) as exc:
                    # The retry schedule of one e-mail is stored with it (not a loop's wait).
                    delay = min(_MAX_BACKOFF_SECONDS, 30.0 * 2**mail.attempts)
                    next_at = self.clock() + timedelta(seconds=delay)
                    await outbox.mark_failed(conn, mail.id, next_at, str(exc))
                    logger.warning(
                        "e-mail not sent; will retry",
                        extra={"action": "mail.retry", "mail": mail.id, "error": str(exc)},
                    )
                    continue
                await outbox.mark_sent(conn, mail.id, self.clock())
                logger.info("e-mail sent", extra={"action": "mail.sent", "mail": mail.id})
                count += 1
                self.sent += 1
        return count

    async def run(self) -> None:
        while not self.stopping.is_set():
            try:
                await self.send_due()
            except _TRANSIENT as exc:
                logger.warning(
                    "mailer waiting for PostgreSQL",
                    extra={"action": "mail.db_error", "error": str(exc)},
                )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stopping.wait(), self.poll_interval)
