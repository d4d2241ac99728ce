"""The e-mail an owner gets when a webhook of theirs is paused."""

from __future__ import annotations

from admin.mail import Mail


def pause_notice(
    recipient: str, *, webhook_id: str, endpoint: str, reason: str, failures: int, last_error: str
) -> Mail:
    """The e-mail sent when a webhook is paused (``reason``: "gone" or "failures")."""
    why = (
        "its endpoint answered 410 Gone"
        if reason == "gone"
        else f"{failures} delivery attempts in a row failed"
    )
    subject = f"Hop: webhook {webhook_id} is paused"
    body = (
        f"Your webhook {webhook_id} ({endpoint}) was paused because {why}.\n"
        f"Last error: {last_error or 'none recorded'}\n\n"
        "No event is lost: new events are queued while the webhook is paused.\n"
        "Once the endpoint works again, resume it with\n"
        f"POST /v1/webhooks/{webhook_id}/resume\n"
        "and the queued events are delivered in order.\n"
    )
    return Mail(recipient, subject, body)
