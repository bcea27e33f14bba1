"""Configurações comuns. SQLite por padrão; PostgreSQL quando `DATABASE_URL` o indica."""

from __future__ import annotations

import base64
import hashlib
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from cotas.documentos.pagina import ESTILO as ESTILO_DOCUMENTO

PACOTE = Path(__file__).resolve().parent.parent
RAIZ = PACOTE.parent.parent  # raiz do repositório (src/cotas_web/settings -> ../../..)

# A chave do repositório (pública): as configurações de produção a recusam.
CHAVE_DE_DESENVOLVIMENTO = "desenvolvimento-apenas-nunca-em-producao-9f3c2b7e1a"
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", CHAVE_DE_DESENVOLVIMENTO)
# A chave do selo do registro de auditoria (HMAC-SHA256; auditoria/chaves.py), fora do banco.
# A de desenvolvimento é pública: as configurações de produção a recusam.
CHAVE_AUDITORIA_DE_DESENVOLVIMENTO = "chave-de-desenvolvimento-da-auditoria-publica-nao-prova-nada"
COTAS_CHAVE_AUDITORIA = os.environ.get("COTAS_CHAVE_AUDITORIA", CHAVE_AUDITORIA_DE_DESENVOLVIMENTO)
COTAS_CHAVES_AUDITORIA_ANTERIORES = [
    k for k in os.environ.get("COTAS_CHAVES_AUDITORIA_ANTERIORES", "").split(",") if k.strip()
]
DEBUG = False
ALLOWED_HOSTS: list[str] = ["localhost", "127.0.0.1", "[::1]"]

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "axes",
    "csp",
    "cotas_web.contas",
    "cotas_web.identidade",
    "cotas_web.auditoria",
    "cotas_web.certames",
    "cotas_web.candidatos",
    "cotas_web.comissao",
    "cotas_web.nomeacoes",
    "cotas_web.textos",
    "cotas_web.publico",
    "cotas_web.tarefas",
    "cotas_web.api",
    "ninja",  # (a documentação da API com o JavaScript servido daqui, sem CDN: a CSP o exige)
    "django_tasks",
    "django_tasks_db",
]

MIDDLEWARE = [
    "cotas_web.protecao.IdDoPedido",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "cotas_web.contas.troca_de_senha.TrocaDeSenhaObrigatoria",  # (a senha provisória primeiro)
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "cotas_web.protecao.SemCache",
    "axes.middleware.AxesMiddleware",  # (o último, como pede o django-axes)
]

# Tentativas de entrar: 5 senhas erradas para o mesmo usuário vindas do mesmo endereço
# bloqueiam esse par por 15 minutos (django-axes); quem acerta zera a contagem.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "contas/bloqueado.html"
AXES_COOLOFF_MESSAGE = "Acesso bloqueado por excesso de tentativas. Tente de novo mais tarde."
AXES_PERMALOCK_MESSAGE = AXES_COOLOFF_MESSAGE


def proxies_confiaveis(valor: str) -> int:
    """O número de `COTAS_PROXIES_CONFIAVEIS`: um inteiro, 0 ou mais."""
    numero = int(valor) if valor.strip().isdigit() else -1
    if numero < 0:
        raise ImproperlyConfigured(
            f"COTAS_PROXIES_CONFIAVEIS deve ser um número inteiro, 0 ou mais (é {valor!r}): "
            "quantos proxies reversos de confiança ficam na frente do servidor."
        )
    return numero


# O endereço de cada cliente, para o limite de pedidos pesados (`tarefas.limite`) e o bloqueio de
# senhas erradas (django-axes): `cotas_web.protecao.endereco_do_cliente`. Atrás de proxies
# reversos (nginx, um balanceador), o REMOTE_ADDR de todo visitante é o do proxy, e todos
# dividiriam as mesmas vagas; cada proxy acrescenta ao X-Forwarded-For o endereço de quem o
# chamou. COTAS_PROXIES_CONFIAVEIS diz quantos proxies de confiança há na frente do servidor: com
# N, o cliente é o N-ésimo endereço da direita no X-Forwarded-For (o último que nenhum dos nossos
# proxies escreveu; os da esquerda, quem pede escreve o que quiser); com 0 (o padrão), o
# REMOTE_ADDR, e o cabeçalho nunca é lido. A conta é a do django-ninja (`ninja.throttling`), que
# lê este número ao iniciar.
NINJA_NUM_PROXIES = proxies_confiaveis(os.environ.get("COTAS_PROXIES_CONFIAVEIS", "0"))
AXES_CLIENT_IP_CALLABLE = "cotas_web.protecao.endereco_do_cliente"

# Content-Security-Policy (django-csp): só recursos do próprio site, nenhum script ou estilo
# embutido na página; a exceção é o estilo fixo dos documentos publicados em HTML
# (cotas.documentos.pagina.ESTILO), liberado pelo seu hash.
_HASH_ESTILO_DOCUMENTO = base64.b64encode(
    hashlib.sha256(ESTILO_DOCUMENTO.encode("utf-8")).digest()
).decode("ascii")
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [NONE],
        "script-src": [SELF],
        "style-src": [SELF, f"'sha256-{_HASH_ESTILO_DOCUMENTO}'"],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "media-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [NONE],
        "object-src": [NONE],
    },
}

# Logs no stderr, cada linha com o id do pedido (cotas_web.protecao); os erros do servidor
# (500) saem com o traceback pelo logger `django.request`.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "id_pedido": {"()": "cotas_web.protecao.FiltroIdDoPedido"},
        "recusa_sem_pilha": {"()": "cotas_web.protecao.FiltroRecusaSemPilha"},
    },
    "formatters": {
        "linha": {
            "format": "%(asctime)s %(levelname)s [pedido %(id_pedido)s] %(name)s: %(message)s"
        },
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "filters": ["id_pedido", "recusa_sem_pilha"],
            "formatter": "linha",
        },
    },
    "root": {"handlers": ["stderr"], "level": os.environ.get("COTAS_LOG_NIVEL", "INFO")},
    "loggers": {
        "django": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "axes": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
    },
}

ROOT_URLCONF = "cotas_web.urls"
WSGI_APPLICATION = "cotas_web.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [PACOTE / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "cotas_web.contas.contexto.papel",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{RAIZ / 'cotas.sqlite3'}", conn_max_age=60
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Um ato do RH num certame de milhões de inscrições reencena o certame (segundos) dentro da
    # transação que o grava. Quem grava ao mesmo tempo espera a sua vez: a transação pede a
    # escrita logo no início (BEGIN IMMEDIATE) e espera até 30 s, em vez de falhar com
    # "database is locked" ao passar de leitura a escrita no meio.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 30}
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 10},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "pt-br"
LANGUAGES = [("pt-br", "Português (Brasil)")]
TIME_ZONE = "America/Sao_Paulo"
USE_I18N = True
USE_TZ = True
USE_THOUSAND_SEPARATOR = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [PACOTE / "static"]
STATIC_ROOT = RAIZ / "staticfiles"

# Gravações da comissão (`heteroidentificacao.registro_audiovisual`): nunca servidas como
# arquivo estático; só por uma view restrita à comissão.
ARQUIVOS_PRIVADOS = Path(os.environ.get("COTAS_ARQUIVOS_PRIVADOS", RAIZ / "media" / "privado"))
MEDIA_ROOT = ARQUIVOS_PRIVADOS
MEDIA_URL = "/nao-servido/"

# Tarefas longas (importações grandes, a consulta pública, os arquivos públicos de certames
# grandes) na fila do próprio banco, SQLite ou PostgreSQL, sem outro servidor: django-tasks (o
# `django.tasks` do Django 6 para o 5.2) com o django-tasks-db; o trabalhador é
# `manage.py trabalhador`, que `scripts/web.sh` sobe ao lado do servidor.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
# Os arquivos das tarefas (os públicos de cada versão, o andamento): fora dos estáticos.
ARQUIVOS_TAREFAS = Path(os.environ.get("COTAS_ARQUIVOS_TAREFAS", ARQUIVOS_PRIVADOS / "tarefas"))

# E-mail ("Esqueci minha senha"): o backend do Django, escolhido pelo ambiente. Sem
# DJANGO_EMAIL_BACKEND, o de console (a mensagem sai no terminal do servidor: desenvolvimento e
# demonstração); em produção, o SMTP (settings/producao.py) com EMAIL_HOST e os demais.
EMAIL_BACKEND = os.environ.get(
    "DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "") in ("1", "sim", "true")
EMAIL_USE_SSL = os.environ.get("EMAIL_USE_SSL", "") in ("1", "sim", "true")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "nao-responda@localhost")
# O link de "Esqueci minha senha" vale por 1 hora.
PASSWORD_RESET_TIMEOUT = 60 * 60

LOGIN_URL = "contas:entrar"
LOGIN_REDIRECT_URL = "certames:inicio"
LOGOUT_REDIRECT_URL = "certames:inicio"

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_AGE = 60 * 60 * 8
SESSION_EXPIRE_AT_BROWSER_CLOSE = True
CSRF_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = 50 * 1024 * 1024
# O maior arquivo de candidatos aceito pela tela (um milhão de inscrições em CSV tem ~120 MB);
# maior que isso, use a linha de comando. Conferido antes de qualquer leitura.
COTAS_IMPORTACAO_MAX_BYTES = int(os.environ.get("COTAS_IMPORTACAO_MAX_BYTES", 150 * 1024 * 1024))
# Prévias de importação (dados pessoais) esquecidas são apagadas depois disso (`limpar_previas`).
COTAS_PREVIAS_HORAS = 24

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Consulta pública: renovar a situação materializada numa thread do processo (servindo a
# geração anterior enquanto isso) em vez de dentro do pedido que viu a versão nova.
PUBLICO_MONTAR_EM_SEGUNDO_PLANO = False
# Acima deste número de inscrições, as listas de classificação se publicam por cargo: a lista
# inteira de um certame nacional (1 milhão de inscrições: ~470 MB de HTML, ~25 s para montar a
# cada pedido) não cabe numa página, e o pedido público não pode custar isso ao servidor.
PUBLICO_LISTAS_INTEIRAS_ATE = 20_000
# Linhas de cada tabela por página, nos documentos públicos vistos na tela (os arquivos para
# baixar vêm inteiros): o cargo de um concurso nacional tem dezenas de milhares de classificados.
PUBLICO_LINHAS_POR_PAGINA = 1_000
# Acima deste número de inscrições, os arquivos públicos (PDF, CSV, XLSX, HTML das listas, da
# ordem e do anexo) saem de um arquivo gerado uma vez por versão do certame, em segundo plano, e
# não a cada pedido (a PDF de uma lista de 2.227 linhas levava 44 s; a de 23.840, mais de 300 s).
PUBLICO_ARQUIVOS_NA_HORA_ATE = int(os.environ.get("COTAS_PUBLICO_ARQUIVOS_NA_HORA_ATE", "1000"))
# A casca da página da consulta (tudo menos o resultado da inscrição) guardada na memória de cada
# processo, uma por certame e versão da situação publicada (publico/casca_da_consulta.py): quantas
# no máximo (~15 KB cada).
PUBLICO_CASCAS_NA_MEMORIA = int(os.environ.get("COTAS_PUBLICO_CASCAS_NA_MEMORIA", "200"))

# Quantos quadros de candidatos cada processo guarda na memória (`cotas_web.ponte.quadro`): o do
# último certame em que se agiu, conferido pela marca do banco a cada ato. Ler o quadro do disco
# custa ~0,5 s a um milhão de inscrições; da memória, nada. Cada um ocupa ~200 MB a um milhão; 0
# desliga.
QUADROS_NA_MEMORIA = int(os.environ.get("COTAS_QUADROS_NA_MEMORIA", "2"))
# A licença dos pacotes de dados abertos de cada certame (publico/pacote.py), no formato do
# Frictionless (`name`, `path`, `title`); o órgão que publica pode escolher outra.
COTAS_DADOS_ABERTOS_LICENCA = {
    "name": "CC-BY-4.0",
    "path": "https://creativecommons.org/licenses/by/4.0/",
    "title": "Creative Commons Atribuição 4.0 Internacional",
}
# A assinatura digital dos PDF publicados (publico/assinatura.py): o certificado do órgão com a
# chave, num PKCS#12 (ICP-Brasil em produção), e a senha dele; sem o certificado, os arquivos
# saem sem assinatura e a página o diz. As raízes em que a assinatura confia (arquivos PEM ou DER
# separados por ":"; em produção, as da ICP-Brasil): sem elas, a assinatura íntegra é mostrada
# com o certificado "não conferido contra uma raiz".
COTAS_ASSINATURA_PKCS12 = os.environ.get("COTAS_ASSINATURA_PKCS12", "")
COTAS_ASSINATURA_SENHA = os.environ.get("COTAS_ASSINATURA_SENHA", "")
COTAS_ASSINATURA_RAIZES = [
    p for p in os.environ.get("COTAS_ASSINATURA_RAIZES", "").split(os.pathsep) if p
]
# Pedidos pesados (downloads, documentos públicos) em curso ao mesmo tempo por endereço.
PEDIDOS_PESADOS_POR_CLIENTE = int(os.environ.get("COTAS_PEDIDOS_PESADOS_POR_CLIENTE", "3"))
# Arquivos de candidatos maiores que isto se importam em segundo plano, com barra de progresso
# (256 KiB: umas 2.500 linhas; os menores se gravam no próprio pedido, em menos de 2 s).
IMPORTACAO_EM_SEGUNDO_PLANO_ACIMA_DE = 256 * 1024

# Leis além das do pacote (arquivos TOML no formato de `cotas/leis/`, separados por ":"): a de um
# ente que ainda não está no pacote, ou uma lei de teste. A aplicação as junta ao catálogo
# (`ponte.catalogo.catalogo`); o carregador as valida como as do pacote.
COTAS_LEIS_EXTRAS = [p for p in os.environ.get("COTAS_LEIS_EXTRAS", "").split(os.pathsep) if p]
