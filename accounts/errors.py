"""Errors the account services raise; `api` maps them onto Rejections or GraphQL errors."""

from __future__ import annotations

from enum import StrEnum


class AccountCode(StrEnum):
    """The account domain's rejection codes (the API's RejectionCode is the union of
    every domain's codes: these and :class:`engine.errors.Code`)."""

    USERNAME_TAKEN = "USERNAME_TAKEN"
    BAD_CREDENTIALS = "BAD_CREDENTIALS"


class AccountError(ValueError):
    """A refused account operation, with a code the API can hand to the client.

    `code` is a RejectionCode name (USERNAME_TAKEN, BAD_CREDENTIALS, BAD_INPUT); `messages`
    lists every reason (a password can fail several validators at once).
    """

    def __init__(self, code: str, messages: list[str] | str) -> None:
        self.messages = [messages] if isinstance(messages, str) else list(messages)
        self.code = code
        super().__init__(" ".join(self.messages))

    @property
    def message(self) -> str:
        return " ".join(self.messages)


class AccountBanned(AccountError):
    """The account is banned: it may not log in or act (API: FORBIDDEN)."""

    def __init__(self) -> None:
        super().__init__("FORBIDDEN", "This account is suspended.")
