"""What re-verification tells a domain's owner (admin/domains/reverify.py): an e-mail when
the domain starts lapsing, when its proof is back, and when it lapses."""

from __future__ import annotations

from datetime import datetime

from admin.domains.repository import DueDomain
from admin.domains.schemas import CHALLENGE_LABEL
from admin.mail import Mail
from common.timefmt import iso_utc


def _record(hostname: str, token: str) -> str:
    return f"  {CHALLENGE_LABEL}.{hostname}  TXT  {token}\n"


def lapsing_mail(recipient: str, domain: DueDomain, lapses_at: datetime) -> Mail:
    domain_id, hostname, token = domain.id, domain.hostname, domain.token
    return Mail(
        recipient,
        f"Hop: your domain {hostname} is lapsing",
        f"The DNS record that proves {hostname} is yours is gone:\n\n"
        f"{_record(hostname, token)}\n"
        f"Publish it again before {iso_utc(lapses_at)} (UTC). Until then the domain and its "
        "links work as before; after that it is no longer served (its links answer 404) and "
        "whoever proves the name next may take it, deleting your links on it.\n\n"
        f"GET /v1/domains/{domain_id} shows its state; the next check after the record is "
        f"back restores it, or POST /v1/domains/{domain_id}/verify does at once.\n",
    )


def restored_mail(recipient: str, domain: DueDomain) -> Mail:
    domain_id, hostname = domain.id, domain.hostname
    return Mail(
        recipient,
        f"Hop: your domain {hostname} is verified again",
        f"The DNS record that proves {hostname} is yours is back: the domain ({domain_id}) "
        "is verified again and nothing changed for its links. Keep the record published: "
        "it is checked again regularly.\n",
    )


def lapsed_mail(recipient: str, domain: DueDomain, links: int) -> Mail:
    """``domain`` as it was found lapsing (its ``lapsing_since`` set)."""
    domain_id, hostname, token = domain.id, domain.hostname, domain.token
    since = domain.lapsing_since
    assert since is not None
    answers = (
        f"its {links} link{' answers' if links == 1 else 's answer'} 404"
        if links
        else "requests to it answer 404"
    )
    return Mail(
        recipient,
        f"Hop: your domain {hostname} has lapsed",
        f"The DNS record that proves {hostname} is yours has been missing since "
        f"{iso_utc(since)} (UTC):\n\n"
        f"{_record(hostname, token)}\n"
        f"The domain is no longer served: {answers}. Your links "
        "are kept, and the name is free for whoever proves it next. To serve it again, "
        f"publish the record and POST /v1/domains/{domain_id}/verify; if another account "
        "proves the name first, your links on it are deleted.\n",
    )
