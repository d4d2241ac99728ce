"""The Bio domain's face: what other domains use of Bio pages (the social networks
they link to, the owner's username, the visit counters the click batch stores).

Other domains import these from ``admin.bio``, never its modules (the import contracts
in pyproject.toml hold that).
"""

from admin.bio.repository import store_visits, username_of
from admin.bio.socials import SocialNetwork, social_url

__all__ = [
    "SocialNetwork",
    "social_url",
    "store_visits",
    "username_of",
]
