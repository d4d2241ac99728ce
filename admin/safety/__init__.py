"""The safety layer's face: judging a link's destinations (checker, verdicts,
quota), the events and e-mails a verdict change sends, and the service for reviews
and operator decisions.

Other domains import these from ``admin.safety``, never its modules (the import contracts
in pyproject.toml hold that).
"""

from admin.safety.checker import SafetyChecker
from admin.safety.destination_urls import destinations, of_link, other_hosts
from admin.safety.notices import flagged_event, flagged_mail
from admin.safety.quota import NewAccountQuota
from admin.safety.repository import owner_email
from admin.safety.service import SafetyService
from admin.safety.urlforms import locate
from admin.safety.verdicts import Decision

__all__ = [
    "Decision",
    "NewAccountQuota",
    "SafetyChecker",
    "SafetyService",
    "destinations",
    "flagged_event",
    "flagged_mail",
    "locate",
    "of_link",
    "other_hosts",
    "owner_email",
]
