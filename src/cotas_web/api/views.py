"""A API só de leitura dos dados abertos (django-ninja): JSON do que as páginas públicas mostram,
com a descrição OpenAPI em /api/openapi.json e a documentação navegável em /api/docs.

Cada resposta de um certame leva a ETag da versão dele (o último registro de auditoria): quem
repete o pedido com `If-None-Match` recebe 304 sem que nada seja montado. As listas longas vêm em
páginas (`limite`, `deslocamento`), com o endereço da próxima.
"""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType
from typing import Annotated, Any
from urllib.parse import urlencode

from csp.decorators import csp_update
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed, JsonResponse
from django.urls import Resolver404, resolve
from django.views.decorators.csrf import csrf_exempt
from ninja import Field, NinjaAPI, Path, Query, Schema
from ninja.errors import ValidationError
from ninja.renderers import JSONRenderer
from ninja.responses import NinjaJSONEncoder

from cotas_web.tarefas import limite

from . import schemas, selectors

DESCRICAO = """Dados abertos dos certames publicados: os mesmos números das páginas públicas e dos
arquivos para baixar (HTML, CSV, XLSX, PDF), como JSON. Só o que é público sem login: um
certame em rascunho não existe; as listas de classificação e a ordem de nomeação só depois da
homologação; o CPF vem mascarado e não se publicam cor/raça, deficiência nem o parecer da
comissão.

Cada resposta de um certame traz a `ETag` da versão dele (muda a cada ato gravado): repita o
pedido com `If-None-Match` para receber `304` enquanto nada mudou. Listas longas vêm em páginas
(`limite` até 1000, `deslocamento` até 1000000000), com o endereço da próxima em `proxima`.
Os atos de cada certame também saem num feed Atom (endereço em `enderecos.feed`).

Toda operação responde a `GET` e a `HEAD` (os mesmos cabeçalhos, sem o corpo); os erros também
são JSON, `{"detalhe": "..."}`: `404` de um endereço que não existe sob `/api/` (os endereços não
terminam em barra), `405` de outro método, com o `Allow`."""

# A descrição de cada resposta na documentação (o django-ninja põe a frase do HTTP, em inglês).
RESPOSTAS = {
    200: "Sucesso.",
    404: (
        "Não encontrado: o certame não foi publicado, o cargo ou a lista não existem, ou as "
        "listas e a ordem de nomeação foram pedidas antes da homologação."
    ),
    409: "Os fatos do certame contrariam a lei; a página pública mostra o mesmo.",
    422: "Parâmetro inválido: todos os recusados de uma vez, cada um com o porquê.",
    429: (
        "Muitos pedidos ao mesmo tempo deste endereço: espere os anteriores terminarem e tente "
        "de novo depois dos segundos do `Retry-After`."
    ),
}


class _Api(NinjaAPI):
    def get_openapi_schema(self, **kwargs: Any) -> Any:
        esquema = super().get_openapi_schema(**kwargs)
        for operacoes in esquema["paths"].values():
            # O HEAD de cada leitura (`leitura`) é o GET sem o corpo: na descrição, só o GET.
            operacoes.pop("head", None)
            for operacao in operacoes.values():
                for status, resposta in operacao["responses"].items():
                    resposta["description"] = RESPOSTAS[int(status)]
        return esquema


class _JsonEmUtf8(JSONRenderer):
    """O JSON em UTF-8, com os acentos como são ("inscrição", e não "inscri\\u00e7\\u00e3o"):
    o mesmo JSON para quem o lê, menor e legível a olho; o tipo continua
    `application/json; charset=utf-8`."""

    json_dumps_params = MappingProxyType({"ensure_ascii": False})


def descricao_openapi(request: HttpRequest, **kwargs: Any) -> HttpResponse:
    """A descrição OpenAPI em UTF-8, como as respostas (o django-ninja a serve sem o
    renderizador: os acentos saíam escapados)."""
    esquema = api.get_openapi_schema(path_params=kwargs)
    parametros = dict(_JsonEmUtf8.json_dumps_params)  # (os mesmos das respostas)
    return JsonResponse(esquema, encoder=NinjaJSONEncoder, safe=False, json_dumps_params=parametros)


api = _Api(
    title="Cotas — dados abertos",
    version="1",
    description=DESCRICAO,
    urls_namespace="api",
    renderer=_JsonEmUtf8(),
    docs_url="/docs",
    openapi_url="/openapi.json",
    # A documentação (Swagger UI) com o JavaScript e o CSS servidos daqui (`ninja` nas
    # INSTALLED_APPS): nenhum CDN, nenhum script embutido. Só nesta página a CSP aceita imagens
    # `data:` (os ícones SVG que o CSS do Swagger UI traz embutidos; uma imagem não executa
    # script).
    docs_decorator=csp_update({"img-src": ["data:"]}),
)

METODOS_DE_LEITURA = ["GET", "HEAD"]


def leitura(caminho: str, **opcoes: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Uma operação da API: GET e também HEAD (o mesmo pedido sem o corpo, o que os verificadores
    de links e os monitores usam; antes, 405). Qualquer outro método é o 405 em JSON
    (`metodo_nao_permitido`)."""
    return api.api_operation(METODOS_DE_LEITURA, caminho, **opcoes)


@csrf_exempt  # (como as operações do django-ninja: um POST sem o token também é a 404 em JSON)
def nao_encontrado(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    """A 404 de um endereço que não é da API (`/api/certames/abc`, um id negativo, a barra no
    fim, `/api/`): o JSON de toda resposta da API, não a página HTML do sítio."""
    detalhe = "Não encontrado: este endereço não é da API (os endereços estão em /api/docs)."
    if request.path_info.endswith("/"):
        try:
            rota = resolve(request.path_info.rstrip("/"))
        except Resolver404:
            rota = None
        if rota is not None and rota.namespace == "api" and rota.url_name != NAO_ENCONTRADO:
            sem_barra = request.path.rstrip("/")
            detalhe = f"Não encontrado: os endereços da API não terminam em barra ({sem_barra})."
    return api.create_response(request, {"detalhe": detalhe}, status=404)


NAO_ENCONTRADO = "nao-encontrado"  # (o nome da rota de `nao_encontrado`, em `urls`)


def metodo_nao_permitido(request: HttpRequest, recusa: HttpResponseNotAllowed) -> HttpResponse:
    """O 405 do django-ninja ("Method not allowed", em inglês) em JSON e em português, com os
    métodos aceitos no `Allow`."""
    permitidos = sorted(m.strip() for m in recusa["Allow"].split(","))
    resposta = api.create_response(
        request,
        {
            "detalhe": f"Método {request.method} não permitido: a API só lê, com "
            f"{' ou '.join(permitidos)}."
        },
        status=405,
    )
    resposta["Allow"] = ", ".join(permitidos)
    return resposta


def muitos_pedidos(request: HttpRequest) -> HttpResponse:
    """O 429 do limite de pedidos por cliente (`tarefas.limite`) em JSON, como as demais
    respostas da API (antes, uma linha de texto)."""
    detalhe = (
        "Muitos pedidos ao mesmo tempo deste endereço (no máximo "
        f"{settings.PEDIDOS_PESADOS_POR_CLIENTE} em curso): espere os anteriores terminarem e "
        f"tente de novo em {limite.ESPERA} segundos."
    )
    return api.create_response(request, {"detalhe": detalhe}, status=429)


# As respostas de erro de cada endereço de um certame (a descrição OpenAPI as documenta).
ERROS: dict[int, Any] = {
    404: schemas.Erro,  # certame não publicado, cargo ou lista que não existe, antes da homologação
    409: schemas.Erro,  # os fatos do certame contrariam a lei (a página pública mostra o mesmo)
    422: schemas.ErroDeEntrada,  # parâmetro inválido (todos os erros de uma vez)
    429: schemas.Erro,  # muitos pedidos ao mesmo tempo do mesmo endereço (`muitos_pedidos`)
}

LIMITE_PADRAO = 100
LIMITE_MAXIMO = 1000
# O maior deslocamento aceito: mais itens do que qualquer lista tem (um certame nacional tem
# alguns milhões de inscrições). Sem teto, um número que não cabe no inteiro do banco (64 bits)
# chegava à consulta e dava 500.
DESLOCAMENTO_MAXIMO = 1_000_000_000

_MENSAGENS = {
    "less_than_equal": "deve ser no máximo {le}",
    "greater_than_equal": "deve ser no mínimo {ge}",
    "int_parsing": "deve ser um número inteiro",
    "int_type": "deve ser um número inteiro",
    "missing": "é obrigatório",
}


@api.exception_handler(ValidationError)
def _erro_de_entrada(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    """Todos os erros de uma vez, em português, dizendo o quê e onde."""
    erros = []
    for e in exc.errors:
        onde = ".".join(str(p) for p in e.get("loc", ())[1:]) or "pedido"
        modelo = _MENSAGENS.get(str(e.get("type")), "valor inválido")
        erros.append({"onde": onde, "mensagem": modelo.format(**(e.get("ctx") or {}))})
    detalhe = "; ".join(f"{e['onde']}: {e['mensagem']}" for e in erros)
    return api.create_response(
        request, {"detalhe": f"Pedido inválido — {detalhe}.", "erros": erros}, status=422
    )


@api.exception_handler(Http404)
def _nao_encontrado(request: HttpRequest, exc: Http404) -> HttpResponse:
    texto = str(exc)
    if not texto or "matches the given query" in texto:
        texto = "Não encontrado."
    return api.create_response(request, {"detalhe": texto}, status=404)


@api.exception_handler(selectors.Indisponivel)
def _indisponivel(request: HttpRequest, exc: selectors.Indisponivel) -> HttpResponse:
    return api.create_response(request, {"detalhe": str(exc)}, status=409)


def _etag(versao: int, pk: int | None = None) -> str:
    return f'"certame-{pk}-v{versao}"' if pk is not None else f'"certames-v{versao}"'


def _nao_mudou(request: HttpRequest, etag: str) -> HttpResponse | None:
    """304 se quem pede já tem esta versão (If-None-Match)."""
    pedidas = request.headers.get("If-None-Match", "")
    tags = {t.strip().removeprefix("W/") for t in pedidas.split(",") if t.strip()}
    if etag in tags or "*" in tags:
        resposta = HttpResponse(status=304)
        resposta["ETag"] = etag
        return resposta
    return None


def _versionar(response: HttpResponse, etag: str) -> None:
    response["ETag"] = etag
    # Pode guardar, mas pergunte antes de usar (a ETag responde barato se nada mudou).
    response["Cache-Control"] = "no-cache"


def _certame(request: HttpRequest, pk: int, response: HttpResponse) -> tuple[Any, Any]:
    """O certame público e, se quem pede já tem a versão atual, o 304."""
    certame = selectors.certame_publico(pk)
    etag = _etag(selectors.versao(certame), certame.pk)
    nao_mudou = _nao_mudou(request, etag)
    if nao_mudou is None:
        _versionar(response, etag)
    return certame, nao_mudou


def _do_cargo_em_paginas(
    request: HttpRequest,
    response: HttpResponse,
    pk: int,
    pagina: Paginacao,
    cargo: str | None,
    ler: Callable[..., tuple[int, list[Any]]],
) -> Any:
    """Uma lista do certame homologado (a de todos os cargos ou a de `cargo`), em páginas: o
    304 de quem já tem a versão, o 404 do cargo desconhecido e a página pedida de `ler`."""
    c, nao_mudou = _certame(request, pk, response)
    if nao_mudou:
        return nao_mudou
    selectors.exigir_homologado(c)
    if cargo:
        selectors.exigir_cargo(c, cargo)
    total, itens = ler(c, cargo=cargo or None, inicio=pagina.deslocamento, limite=pagina.limite)
    return {**_pagina(request, total, pagina.limite, pagina.deslocamento), "itens": itens}


def _pagina(request: HttpRequest, total: int, limite: int, deslocamento: int) -> dict[str, Any]:
    proxima = None
    if deslocamento + limite < total:
        parametros = request.GET.copy()
        parametros["deslocamento"] = str(deslocamento + limite)
        parametros["limite"] = str(limite)
        proxima = f"{request.path}?{urlencode(sorted(parametros.items()))}"
    return {"total": total, "limite": limite, "deslocamento": deslocamento, "proxima": proxima}


# Os parâmetros de caminho, descritos na documentação (antes, só "pk" e "codigo").
PkDoCertame = Annotated[int, Path(description="O número do certame (o `id` em /api/certames).")]
CodigoDoCargo = Annotated[str, Path(description="O código do cargo (ex.: PROF), como em `cargos`.")]


class Paginacao(Schema):
    limite: int = Field(
        LIMITE_PADRAO, ge=1, le=LIMITE_MAXIMO, description="Itens por página (1 a 1000)."
    )
    deslocamento: int = Field(
        0,
        ge=0,
        le=DESLOCAMENTO_MAXIMO,
        description=f"Quantos itens pular (0 a {DESLOCAMENTO_MAXIMO}).",
    )


@leitura(
    "/certames",
    response={200: schemas.PaginaCertames, 422: schemas.ErroDeEntrada, 429: schemas.Erro},
    tags=["Certames"],
    url_name="certames",
    summary="Certames publicados",
)
def certames(request: HttpRequest, response: HttpResponse, pagina: Query[Paginacao]) -> Any:
    """Os certames publicados e não arquivados (um arquivado continua no seu endereço)."""
    etag = _etag(selectors.versao_geral())
    if (nao_mudou := _nao_mudou(request, etag)) is not None:
        return nao_mudou
    _versionar(response, etag)
    todos = selectors.certames_publicos()
    total = todos.count()
    de, ate = pagina.deslocamento, pagina.deslocamento + pagina.limite
    return {
        **_pagina(request, total, pagina.limite, pagina.deslocamento),
        "itens": [selectors.resumo(c) for c in todos[de:ate]],
    }


@leitura(
    "/certames/{id:pk}",
    response={200: schemas.Certame, **ERROS},
    tags=["Certames"],
    url_name="certame",
    summary="Um certame: a lei, os grupos com reserva, os cargos e as retificações",
)
def certame(request: HttpRequest, response: HttpResponse, pk: PkDoCertame) -> Any:
    c, nao_mudou = _certame(request, pk, response)
    return nao_mudou or selectors.detalhe(c)


@leitura(
    "/certames/{id:pk}/cargos",
    response={200: list[schemas.Cargo], **ERROS},
    tags=["Cargos e reserva"],
    url_name="cargos",
    summary="Os cargos, cada um com a reserva e a memória de cálculo",
)
def cargos(request: HttpRequest, response: HttpResponse, pk: PkDoCertame) -> Any:
    c, nao_mudou = _certame(request, pk, response)
    return nao_mudou or selectors.cargos(c)


@leitura(
    "/certames/{id:pk}/cargos/{codigo}",
    response={200: schemas.Cargo, **ERROS},
    tags=["Cargos e reserva"],
    url_name="cargo",
    summary="Um cargo, com a reserva e a memória de cálculo",
)
def cargo(
    request: HttpRequest, response: HttpResponse, pk: PkDoCertame, codigo: CodigoDoCargo
) -> Any:
    c, nao_mudou = _certame(request, pk, response)
    if nao_mudou:
        return nao_mudou
    achados = selectors.cargos(c, codigo)
    if not achados:
        raise Http404(f"Cargo {codigo} não existe neste certame.")
    return achados[0]


@leitura(
    "/certames/{id:pk}/cargos/{codigo}/classificacao",
    response={200: schemas.PaginaClassificacao, **ERROS},
    tags=["Listas e nomeações"],
    url_name="classificacao",
    summary="As listas de classificação do cargo (depois da homologação)",
)
def classificacao(
    request: HttpRequest,
    response: HttpResponse,
    pk: PkDoCertame,
    codigo: CodigoDoCargo,
    pagina: Query[Paginacao],
    lista: str | None = None,
) -> Any:
    """As linhas do CSV `classificacao` do cargo, na mesma ordem: a lista geral (ampla
    concorrência), depois cada lista reservada; com `lista` (o código, em `listas`), só ela."""
    c, nao_mudou = _certame(request, pk, response)
    if nao_mudou:
        return nao_mudou
    selectors.exigir_homologado(c)
    selectors.exigir_cargo(c, codigo)
    total, itens = selectors.classificacao(
        c, codigo, lista=lista or None, inicio=pagina.deslocamento, limite=pagina.limite
    )
    return {
        **_pagina(request, total, pagina.limite, pagina.deslocamento),
        "listas": selectors.listas(c, codigo),
        "itens": itens,
    }


@leitura(
    "/certames/{id:pk}/nomeacoes",
    response={200: schemas.PaginaNomeacoes, **ERROS},
    tags=["Listas e nomeações"],
    url_name="nomeacoes",
    summary="A ordem de nomeação publicada, com a razão e o fundamento de cada nomeação",
)
def nomeacoes(
    request: HttpRequest,
    response: HttpResponse,
    pk: PkDoCertame,
    pagina: Query[Paginacao],
    cargo: str | None = None,
) -> Any:
    """Só as nomeações já publicadas por ato (portaria): as linhas do CSV `nomeacoes`."""
    return _do_cargo_em_paginas(request, response, pk, pagina, cargo, selectors.nomeacoes)


@leitura(
    "/certames/{id:pk}/ocorrencias",
    response={200: schemas.PaginaOcorrencias, **ERROS},
    tags=["Listas e nomeações"],
    url_name="ocorrencias",
    summary="Desistências, anulações e outras ocorrências, com o fundamento",
)
def ocorrencias(
    request: HttpRequest,
    response: HttpResponse,
    pk: PkDoCertame,
    pagina: Query[Paginacao],
    cargo: str | None = None,
) -> Any:
    return _do_cargo_em_paginas(request, response, pk, pagina, cargo, selectors.ocorrencias)


@leitura(
    "/certames/{id:pk}/atos",
    response={200: schemas.PaginaAtos, **ERROS},
    tags=["Atos e documentos"],
    url_name="atos",
    summary="Os atos publicados (os do feed), do mais novo ao mais antigo",
)
def atos(
    request: HttpRequest,
    response: HttpResponse,
    pk: PkDoCertame,
    pagina: Query[Paginacao],
    cargo: str | None = None,
) -> Any:
    """Homologação, ofertas de vagas, nomeações (com a portaria), desistências, anulações,
    eliminações, idas ao final da fila, vagas sem candidato e retificações; com `cargo`, os do
    cargo e os do certame inteiro."""
    c, nao_mudou = _certame(request, pk, response)
    if nao_mudou:
        return nao_mudou
    if cargo:
        selectors.exigir_cargo(c, cargo)
    todos = selectors.atos_publicados(c, cargo or None)
    de, ate = pagina.deslocamento, pagina.deslocamento + pagina.limite
    return {
        **_pagina(request, len(todos), pagina.limite, pagina.deslocamento),
        "itens": [
            {
                "id": a.chave,
                "tipo": a.tipo,
                "tipo_rotulo": a.tipo_rotulo,
                "data": a.data,
                "cargo": a.cargo,
                "titulo": a.titulo,
                "descricao": a.descricao,
                "fundamento": a.fundamento,
                "link": a.link,
            }
            for a in todos[de:ate]
        ],
    }


@leitura(
    "/certames/{id:pk}/documentos",
    response={200: list[schemas.Documento], **ERROS},
    tags=["Atos e documentos"],
    url_name="documentos",
    summary="Os documentos públicos e os endereços dos downloads",
)
def documentos(request: HttpRequest, response: HttpResponse, pk: PkDoCertame) -> Any:
    c, nao_mudou = _certame(request, pk, response)
    return nao_mudou or selectors.documentos(c)
