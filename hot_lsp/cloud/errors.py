"""What can go wrong in asking a cloud, as exceptions whose text is the one line the user is shown.

Every message names the cloud, and where the endpoint is known its scheme, host and port (never a path, a query or
a credential), and says what happened in the user's terms: no library's class names or reprs.
"""

from __future__ import annotations


class CloudError(Exception):
    """The cloud could not be asked, or gave no verdict: one line that says which cloud and why."""


class HeatRefused(CloudError):
    """Heat answered with an error status and its own error document; its error type and message are kept so a
    refusal can be placed in the template (``heat_message`` is empty when the status had no document)."""

    def __init__(self, cloud: str, status: int, error_type: str, message: str, *, text: str = "") -> None:
        self.cloud = cloud
        self.status = status
        self.error_type = error_type
        self.heat_message = message
        named = f"{error_type}: " if error_type else ""
        super().__init__(text or f"cloud '{cloud}': Heat answered HTTP {status}: {named}{first_line(message)}")


class Forbidden(CloudError):
    """The cloud's policy forbids this request (HTTP 403): the credentials work, this one question is not allowed."""


class NotHeat(CloudError):
    """The endpoint answered, but not as Heat does (an empty body, HTML, JSON of another shape, a redirect loop, an
    error status without Heat's error document): never a verdict.

    ``where`` is the endpoint's ``scheme://host:port``, ``asked`` the request in words ("template-validate"),
    ``problem`` what was wrong with the answer ("an empty answer (HTTP 200)")."""

    def __init__(self, cloud: str, where: str, asked: str, problem: str) -> None:
        self.cloud = cloud
        self.where = where
        self.asked = asked
        self.problem = problem
        super().__init__(f"cloud '{cloud}': {where} did not answer {asked} like Heat: {problem}")


class NoAnswer(CloudError):
    """No answer came: nothing listens, the name does not resolve, the connection was closed before an answer,
    or none came within the timeout. ``reason`` is one of ``REASONS``; ``where`` as for :class:`NotHeat`."""

    REASONS = ("refused", "unresolved", "closed", "timeout", "unreachable")

    def __init__(self, cloud: str, where: str, reason: str, text: str) -> None:
        self.cloud = cloud
        self.where = where
        self.reason = reason
        super().__init__(f"cloud '{cloud}': {text}")


def first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else ""
