"""The LTI 1.3 routes (`/lti/...`: launches, deep links, dynamic registration, the TA's LTI page)
and their templates; the rest of LTI is `domain/lti/`."""
