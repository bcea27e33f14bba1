"""A demonstração de `make run` (`scripts/web.sh`): as páginas como o usuário as vê em produção.

DEBUG desligado: um endereço inexistente mostra a página 404 em português (`templates/404.html`),
não a página técnica do Django em inglês, e um erro mostra a 500 em português. Os arquivos
estáticos vêm do WhiteNoise direto das pastas do projeto (sem `collectstatic`). Para depurar com
o rastreamento do Django: `DJANGO_SETTINGS_MODULE=cotas_web.settings.desenvolvimento`.
"""

from .base import *  # noqa: F403

DEBUG = False

WHITENOISE_USE_FINDERS = True
# Sem `collectstatic` não há pasta de estáticos reunidos: sem ela, o WhiteNoise avisaria (em
# inglês) no terminal de `make run` a cada início.
STATIC_ROOT = None  # type: ignore[assignment]  # (o Django aceita None: sem collectstatic)
