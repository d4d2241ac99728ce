"""Owner e-mails: the mail outbox (``mail_outbox``), this domain's table.

Any domain that decides to tell an owner something (an address to confirm, a link
flagged, a webhook paused, a custom domain lapsing) composes a ``Mail`` and queues it
with ``queue_mail`` in the transaction that decides it: one decision, one row. The
worker's mailer (admin/worker/mail.py) takes the due ones (``claim_due``), sends them
over SMTP and records the outcome (``mark_sent``, ``mark_failed``), each in the
transaction that holds the claimed row.
"""

from admin.mail.repository import DueMail, Mail, claim_due, mark_failed, mark_sent, queue_mail

__all__ = ["DueMail", "Mail", "claim_due", "mark_failed", "mark_sent", "queue_mail"]
