"""The one error type of the publisher: a message that says what was wrong and what to do."""


class PublishError(Exception):
    """Bad input or a state the publisher refuses to touch. ``str(error)`` is the message for the user."""
