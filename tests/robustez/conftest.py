"""As personas e os certames de tests/web valem aqui também."""

from tests.web.conftest import *  # noqa: F403
