"""Produção: segredos e hosts pelo ambiente, HTTPS obrigatório, cookies seguros."""

import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import CHAVE_AUDITORIA_DE_DESENVOLVIMENTO, CHAVE_DE_DESENVOLVIMENTO

DEBUG = False


def _chave_secreta() -> str:
    """A chave do ambiente; nunca vazia, curta ou a do repositório (que é pública)."""
    chave = os.environ.get("DJANGO_SECRET_KEY", "").strip()
    if chave == CHAVE_DE_DESENVOLVIMENTO:
        problema = "é a chave de desenvolvimento do repositório, que é pública"
    elif len(chave) < 50:
        problema = "está vazia" if not chave else "é curta demais (menos de 50 caracteres)"
    else:
        return chave
    raise ImproperlyConfigured(
        f"DJANGO_SECRET_KEY {problema}. Em produção, defina uma chave própria e secreta, "
        "por exemplo: python -c 'import secrets; print(secrets.token_urlsafe(50))'"
    )


SECRET_KEY = _chave_secreta()


def _chave_da_auditoria() -> str:
    """A chave do selo do registro de auditoria: obrigatória, de 32 bytes ou mais, nunca a de
    desenvolvimento nem a mesma do DJANGO_SECRET_KEY; fora do banco (quem só tem o banco não
    acrescenta um registro que confira)."""
    chave = os.environ.get("COTAS_CHAVE_AUDITORIA", "").strip()
    if chave == CHAVE_AUDITORIA_DE_DESENVOLVIMENTO:
        problema = "é a chave de desenvolvimento do repositório, que é pública"
    elif chave and chave == SECRET_KEY:
        problema = "é a mesma do DJANGO_SECRET_KEY"
    elif len(chave.encode("utf-8")) < 32:
        problema = "está vazia" if not chave else "é curta demais (menos de 32 bytes)"
    else:
        return chave
    raise ImproperlyConfigured(
        f"COTAS_CHAVE_AUDITORIA {problema}. Em produção, defina uma chave própria e secreta "
        "para selar o registro de auditoria, guardada fora do banco, por exemplo: "
        "python -c 'import secrets; print(secrets.token_urlsafe(48))'"
    )


COTAS_CHAVE_AUDITORIA = _chave_da_auditoria()
ALLOWED_HOSTS = [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "").split(",") if h]
CSRF_TRUSTED_ORIGINS = [
    o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o
]

SECURE_SSL_REDIRECT = True
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Conexões persistentes: cada processo do gunicorn reaproveita a sua entre pedidos.
DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("DJANGO_CONN_MAX_AGE", "600"))  # noqa: F405
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True  # noqa: F405

# "Esqueci minha senha": por SMTP (EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD,
# EMAIL_USE_TLS, DEFAULT_FROM_EMAIL), salvo outro DJANGO_EMAIL_BACKEND.
EMAIL_BACKEND = os.environ.get(
    "DJANGO_EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend"
)

# Em produção a montagem de um certame grande passa do tempo de um pedido (gunicorn --timeout).
PUBLICO_MONTAR_EM_SEGUNDO_PLANO = True
# Nenhum pedido anônimo gera um arquivo público: todos (PDF, XLSX, CSV, HTML, páginas da tela, o
# pacote de dados abertos) saem da fila, uma vez por versão, e são servidos do disco (o
# trabalhador roda ao lado do gunicorn); quem chega antes vê o andamento.
PUBLICO_ARQUIVOS_NA_HORA_ATE = int(os.environ.get("COTAS_PUBLICO_ARQUIVOS_NA_HORA_ATE", "0"))
