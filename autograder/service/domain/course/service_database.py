"""What a domain function a page calls needs of the `Service`: its database.

Pages hand the domain the `Service` and never its engine (issue 42, section 1: one way into the
domain); the function opens its own connection or transaction on `service.engine`. Features below
`core.py` cannot import `Service` (the `service-domain-features` contract), so they name it by this
protocol, which `Service` meets by having an `engine`.
"""

from __future__ import annotations

from typing import Protocol

import sqlalchemy as sa


class HoldsDatabase(Protocol):
    """The `Service` as a feature below `core.py` sees it."""

    @property
    def engine(self) -> sa.Engine: ...
