from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """A player or staff member.

    The project's own user model from the first migration, so that fields can be added
    later without swapping `AUTH_USER_MODEL` under existing data.
    """
