"""The custom domains' face: hostname rules and the verified set other domains rely on.

Other domains import these from ``admin.domains``, never its modules (the import contracts
in pyproject.toml hold that).
"""

from admin.domains.cache import DomainSet, fold_default_host, rebuild_domains
from admin.domains.repository import owns_verified
from admin.domains.schemas import CHALLENGE_LABEL, HOSTNAME_PATTERN
from admin.domains.service import normal_hostname
from admin.domains.txt import TxtLookup

__all__ = [
    "CHALLENGE_LABEL",
    "HOSTNAME_PATTERN",
    "DomainSet",
    "TxtLookup",
    "fold_default_host",
    "normal_hostname",
    "owns_verified",
    "rebuild_domains",
]
