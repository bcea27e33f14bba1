"""Desenvolvimento e demonstração local (`scripts/web.sh`)."""

from .base import *  # noqa: F403

DEBUG = True

WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
