"""A API de dados abertos (issue 23, item 1): os números de cada endpoint iguais aos do HTML e do
CSV públicos do certame de exemplo, a descrição OpenAPI válida, a paginação, a ETag com 304 e
nenhum dado que a página pública não mostra (cor/raça, deficiência, parecer, CPF inteiro)."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from django.urls import reverse

from .conftest import entrar
from .test_publico import (  # noqa: F401  (exemplo_homologado: fixture)
    CPFS,
    _linhas_csv,
    exemplo_homologado,
    nomear_edital,
    sem_dados_sensiveis,
)

pytestmark = pytest.mark.django_db

# Nenhuma chave de dado sensível, em nenhum nível da resposta.
CHAVES_PROIBIDAS = {
    "cor",
    "cor_raca",
    "raca",
    "pcd",
    "deficiencia",
    "heteroidentificacao",
    "parecer",
    "verificacoes",
    "reservas",
    "data_nascimento",
    "cpf_inteiro",
}
VALORES_PROIBIDOS = {
    "branca",
    "preta",
    "parda",
    "amarela",
    "indigena",
    "indígena",
    "sim",
    "confirmado",
    "nao_confirmado",
}


def _json(client: Any, url: str, **params: Any) -> Any:
    r = client.get(url, params)
    assert r.status_code == 200, (url, r.status_code, r.content[:500])
    assert r["Content-Type"].startswith("application/json")
    return r.json()


def _sem_sensiveis(dados: Any) -> None:
    """Percorre a resposta: nenhuma chave sensível, nenhum valor que seja cor/raça ou parecer,
    nenhum CPF inteiro (e o texto inteiro passa pela mesma régua das páginas públicas)."""

    def andar(v: Any) -> None:
        if isinstance(v, dict):
            assert not CHAVES_PROIBIDAS & set(v), set(v) & CHAVES_PROIBIDAS
            for x in v.values():
                andar(x)
        elif isinstance(v, list):
            for x in v:
                andar(x)
        elif isinstance(v, str):
            assert v.strip().lower() not in VALORES_PROIBIDOS, v

    andar(dados)
    texto = json.dumps(dados, ensure_ascii=False)
    for cpf in CPFS:
        assert cpf not in texto
    sem_dados_sensiveis(texto.replace('"cpf"', '"documento"'))


@pytest.fixture
def nomeado(certame_homologado: Any, rita: Any) -> Any:
    """O certame de teste (PROF, 5 vagas, 8 aprovados) homologado, com as 5 nomeações do edital
    publicadas por portaria (101/2025 a 105/2025)."""
    nomear_edital(certame_homologado, rita)
    return certame_homologado


def _todas_as_paginas(client: Any, url: str, **params: Any) -> list[dict[str, Any]]:
    itens: list[dict[str, Any]] = []
    dados = _json(client, url, **params)
    paginas = 1
    while True:
        itens += dados["itens"]
        if dados["proxima"] is None:
            break
        dados = _json(client, dados["proxima"])
        paginas += 1
    assert len(itens) == dados["total"]
    return itens


def test_certames_so_os_publicados(client: Any, certame: Any, rita: Any) -> None:
    from cotas_web.certames.services import certame_criar

    rascunho = certame_criar(
        usuario=rita,
        nome="Rascunho 02/2025",
        municipio="Montenegro/RS",
        data_edital=date(2025, 6, 10),
        tipo="concurso_publico",
        validade_ate=date(2027, 6, 10),
    )
    dados = _json(client, reverse("api:certames"))
    assert [c["id"] for c in dados["itens"]] == [certame.pk]
    assert dados["total"] == 1 and dados["proxima"] is None
    assert dados["itens"][0]["enderecos"]["feed"] == reverse(
        "dados_abertos:feed_certame", args=[certame.pk]
    )
    r = client.get(reverse("api:certame", args=[rascunho.pk]))
    assert r.status_code == 404 and r.json() == {"detalhe": "Este certame ainda não foi publicado."}
    r = client.get(reverse("api:certame", args=[rascunho.pk + 100]))
    assert r.status_code == 404 and r.json() == {"detalhe": "Não encontrado."}
    # Só o que é público sem login: nem quem entrou vê o rascunho pela API.
    entrar(client, rita)
    assert client.get(reverse("api:certame", args=[rascunho.pk])).status_code == 404
    assert [c["id"] for c in _json(client, reverse("api:certames"))["itens"]] == [certame.pk]


def test_certame_cargos_e_reserva_iguais_ao_anexo_e_a_pagina(client: Any, nomeado: Any) -> None:
    pk = nomeado.pk
    certame = _json(client, reverse("api:certame", args=[pk]))
    assert certame["nome"] == "Concurso 01/2025" and certame["homologado_em"] == "2025-08-01"
    assert [c["codigo"] for c in certame["cargos"]] == ["PROF"]
    grupos = [g["codigo"] for g in certame["grupos"]]
    assert "negros" in grupos
    cargos = _json(client, reverse("api:cargos", args=[pk]))
    assert cargos == [_json(client, reverse("api:cargo", args=[pk, "PROF"]))]
    prof = cargos[0]
    # O anexo do edital publicado (CSV): a mesma linha.
    csv = _linhas_csv(
        client.get(
            reverse("publico:baixar_tabela", args=[pk, "anexo-edital", "anexo-edital"])
        ).content
    )
    cabecalho, linha = csv[0], csv[1]
    dado = dict(zip(cabecalho, linha, strict=True))
    assert int(dado["Vagas do edital"]) == prof["edital"]["vagas"] == prof["vagas_edital"] == 5
    colunas = [c for c in cabecalho if c.startswith("Reservadas: ")]
    assert len(colunas) == len(grupos)  # na ordem dos grupos da lei
    for coluna, g in zip(colunas, grupos, strict=True):
        assert int(dado[coluna]) == prof["edital"]["reservadas"][g]
    assert prof["edital"]["reservadas"]["negros"] == 1  # 20% de 5
    assert int(dado["Ampla concorrência"]) == prof["edital"]["ampla"] == 4
    assert dado["Por extenso"] == prof["edital"]["por_extenso"]
    assert dado["Fundamento legal"] == prof["edital"]["fundamento"]
    # A página pública do certame: a mesma reserva, com a memória de cálculo.
    pagina = client.get(reverse("certames:publico", args=[pk])).content.decode()
    assert prof["reserva"]["vagas"] == 5 and prof["reserva"]["reservadas"]["negros"] == 1
    assert prof["reserva"]["memoria"]
    from html import unescape

    for passo in prof["reserva"]["memoria"]:
        assert passo in unescape(pagina), passo
    assert prof["reserva"]["lotes"] == [{"rotulo": "edital", "quantidade": 5}]
    _sem_sensiveis(certame)
    _sem_sensiveis(cargos)


def test_classificacao_igual_ao_csv_em_paginas(client: Any, nomeado: Any) -> None:
    pk = nomeado.pk
    url = reverse("api:classificacao", args=[pk, "PROF"])
    itens = _todas_as_paginas(client, url, limite=3)  # 3 por página: 5 páginas de 3 ou menos
    csv = _linhas_csv(
        client.get(
            reverse("publico:baixar_tabela", args=[pk, "listas", "classificacao"]),
            {"cargo": "PROF"},
        ).content
    )
    cabecalho, linhas = csv[0], csv[1:]
    assert cabecalho == [
        "Cargo",
        "Lista",
        "Posição",
        "Inscrição",
        "Nome",
        "CPF",
        "Nota",
        "Situação",
        "Observações",
    ]
    assert len(itens) == len(linhas) == 11  # a geral (8) e a de negros (3)
    for item, linha in zip(itens, linhas, strict=True):
        assert [
            item["cargo"],
            item["lista"],
            str(item["posicao"]),
            item["inscricao"],
            item["nome"],
            item["cpf"],
        ] == linha[:6]
        assert Decimal(item["nota"]) == Decimal(linha[6].replace(",", "."))
        assert [item["situacao"], item["observacoes"]] == linha[7:]
        assert set(item) == {
            "cargo",
            "lista",
            "posicao",
            "inscricao",
            "nome",
            "cpf",
            "nota",
            "situacao",
            "observacoes",
        }
    # A mesma que a página da lista mostra: a 1ª da geral é a Alice, nomeada na vaga 1.
    assert itens[0]["inscricao"] == "1001" and itens[0]["situacao"] == "Nomeado(a) na vaga 1"
    assert itens[0]["cpf"].startswith("***.")
    pagina = client.get(reverse("publico:documento", args=[pk, "listas"]), {"cargo": "PROF"})
    for item in itens:
        assert item["cpf"] in pagina.content.decode()
    # Só uma lista: pelo código da lista, com as posições dela.
    dados = _json(client, url, lista="negros")
    assert [i["inscricao"] for i in dados["itens"]] == ["1002", "1006", "1007"]
    assert [i["posicao"] for i in dados["itens"]] == [1, 2, 3]
    assert {x["codigo"]: x["total"] for x in dados["listas"]}["negros"] == dados["total"] == 3
    r = client.get(url, {"lista": "nao-ha"})
    assert r.status_code == 404 and "Lista nao-ha não existe" in r.json()["detalhe"]
    _sem_sensiveis(itens)


def test_paginacao_limites_e_erros_em_portugues(client: Any, nomeado: Any) -> None:
    url = reverse("api:classificacao", args=[nomeado.pk, "PROF"])
    inteira = _json(client, url, limite=1000)
    total = inteira["total"]
    assert inteira["proxima"] is None and len(inteira["itens"]) == total
    pagina = _json(client, url, limite=2, deslocamento=4)
    assert pagina["itens"] == inteira["itens"][4:6]
    assert pagina["proxima"].endswith("deslocamento=6&limite=2")
    assert _json(client, url, deslocamento=total)["itens"] == []
    r = client.get(url, {"limite": 5000, "deslocamento": -1})
    assert r.status_code == 422
    erros = r.json()["erros"]
    assert {"onde": "limite", "mensagem": "deve ser no máximo 1000"} in erros
    assert {"onde": "deslocamento", "mensagem": "deve ser no mínimo 0"} in erros
    r = client.get(url, {"limite": "dez"})
    assert r.status_code == 422 and "limite: deve ser um número inteiro" in r.json()["detalhe"]
    assert client.get(reverse("api:classificacao", args=[nomeado.pk, "NAO"])).status_code == 404


def test_deslocamento_tem_teto(client: Any, nomeado: Any) -> None:
    """Um deslocamento que não cabe no inteiro do banco (64 bits) dava 500 ("datatype
    mismatch" no SQLite): acima do teto documentado, é o 422 em português, em toda lista."""
    from cotas_web.api.views import DESLOCAMENTO_MAXIMO

    pk = nomeado.pk
    urls = [
        reverse("api:certames"),
        reverse("api:classificacao", args=[pk, "PROF"]),
        reverse("api:nomeacoes", args=[pk]),
        reverse("api:ocorrencias", args=[pk]),
        reverse("api:atos", args=[pk]),
    ]
    for url in urls:
        for deslocamento in (2**63, DESLOCAMENTO_MAXIMO + 1, 10**30):
            r = client.get(url, {"deslocamento": deslocamento})
            assert r.status_code == 422, (url, deslocamento, r.content[:200])
            assert r.json()["erros"] == [
                {"onde": "deslocamento", "mensagem": f"deve ser no máximo {DESLOCAMENTO_MAXIMO}"}
            ]
        dados = _json(client, url, deslocamento=DESLOCAMENTO_MAXIMO)
        assert dados["itens"] == [] and dados["proxima"] is None
    # O teto está na descrição OpenAPI.
    doc = client.get("/api/openapi.json").json()
    parametro = next(
        p for p in doc["paths"]["/api/certames"]["get"]["parameters"] if p["name"] == "deslocamento"
    )
    assert parametro["schema"]["maximum"] == DESLOCAMENTO_MAXIMO


def _as_nove(pk: int) -> list[str]:
    """Os endereços das 9 operações da API, um de cada."""
    return [
        reverse("api:certames"),
        reverse("api:certame", args=[pk]),
        reverse("api:cargos", args=[pk]),
        reverse("api:cargo", args=[pk, "PROF"]),
        reverse("api:classificacao", args=[pk, "PROF"]),
        reverse("api:nomeacoes", args=[pk]),
        reverse("api:ocorrencias", args=[pk]),
        reverse("api:atos", args=[pk]),
        reverse("api:documentos", args=[pk]),
    ]


def test_endereco_que_nao_e_da_api_e_a_404_em_json(nomeado: Any) -> None:
    """Sob /api/, o endereço que não existe (um id que não é número, negativo ou maior que o do
    banco, a barra no fim, a raiz) responde o JSON da API, em português: antes, a página HTML da
    404 do sítio. Também a um POST sem o token do CSRF, como as operações da API."""
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    pk = nomeado.pk
    outro = "Não encontrado: este endereço não é da API (os endereços estão em /api/docs)."
    for url, detalhe in (
        ("/api/certames/abc", outro),
        ("/api/certames/-1", outro),
        (f"/api/certames/{2**63}", outro),
        (f"/api/certames/{pk}/cargos/PROF/classificacao/extra", outro),
        ("/api/", outro),
        ("/api/nada", outro),
        (
            f"/api/certames/{pk}/",
            f"Não encontrado: os endereços da API não terminam em barra (/api/certames/{pk}).",
        ),
        (
            "/api/certames/",
            "Não encontrado: os endereços da API não terminam em barra (/api/certames).",
        ),
    ):
        for metodo in (client.get, client.post):
            r = metodo(url)
            assert r.status_code == 404, (url, r.status_code)
            assert r["Content-Type"] == "application/json; charset=utf-8", url
            assert r.json() == {"detalhe": detalhe}, url
            assert r["Access-Control-Allow-Origin"] == "*"
    # O 404 de dentro da API continua o dela.
    r = client.get(reverse("api:certame", args=[pk + 100]))
    assert r.status_code == 404 and r.json() == {"detalhe": "Não encontrado."}


def test_head_em_toda_leitura_e_405_em_json(client: Any, nomeado: Any) -> None:
    """HEAD responde onde GET responde (os verificadores de links e os monitores o usam; antes,
    405), com os mesmos cabeçalhos e sem o corpo; os outros métodos, o 405 em JSON e em
    português (antes, "Method not allowed"), com o `Allow`."""
    from django.test import Client

    for url in _as_nove(nomeado.pk):
        get = client.get(url)
        head = client.head(url)
        assert get.status_code == head.status_code == 200, url
        assert head.content == b""
        for cabecalho in ("Content-Type", "ETag", "Cache-Control", "Access-Control-Allow-Origin"):
            assert head[cabecalho] == get[cabecalho], (url, cabecalho)
        assert client.head(url, HTTP_IF_NONE_MATCH=get["ETag"]).status_code == 304
        for metodo in (client.post, client.put, client.patch, client.delete, client.options):
            r = metodo(url)
            assert r.status_code == 405, (url, metodo)
            assert r["Allow"] == "GET, HEAD" and r["Content-Type"].startswith("application/json")
            assert r.json()["detalhe"].endswith("não permitido: a API só lê, com GET ou HEAD.")
    assert Client(enforce_csrf_checks=True).post(reverse("api:certames")).status_code == 405
    assert client.post(reverse("api:certames")).json() == {
        "detalhe": "Método POST não permitido: a API só lê, com GET ou HEAD."
    }
    # A descrição OpenAPI continua com as 9 operações GET (o HEAD de cada uma não aparece).
    doc = client.get("/api/openapi.json").json()
    metodos = [m for operacoes in doc["paths"].values() for m in operacoes]
    assert metodos == ["get"] * 9


def test_json_em_utf8_com_os_acentos(client: Any, nomeado: Any) -> None:
    """O JSON sai em UTF-8 com os acentos como são ("público", e não "p\\u00fablico"), nas
    respostas e nos erros; o tipo continua o mesmo."""
    pk = nomeado.pk
    respostas = [client.get(url) for url in _as_nove(pk)]
    respostas += [
        client.get(reverse("api:certame", args=[pk + 100])),  # 404
        client.get(reverse("api:certames"), {"limite": "dez"}),  # 422
        client.post(reverse("api:certames")),  # 405
        client.get("/api/nada"),  # 404 de fora da API
    ]
    for r in respostas:
        assert r["Content-Type"] == "application/json; charset=utf-8"
        assert b"\\u00" not in r.content, r.content[:200]
        assert json.loads(r.content.decode("utf-8")) == r.json()
    certame = respostas[1]
    assert '"tipo_rotulo": "Concurso público"'.encode() in certame.content
    assert "Não encontrado.".encode() in respostas[9].content
    assert "deve ser um número inteiro".encode() in respostas[10].content


def test_listas_e_ordem_so_depois_da_homologacao(client: Any, certame_com_candidatos: Any) -> None:
    pk = certame_com_candidatos.pk
    for url in (
        reverse("api:classificacao", args=[pk, "PROF"]),
        reverse("api:nomeacoes", args=[pk]),
        reverse("api:ocorrencias", args=[pk]),
    ):
        r = client.get(url)
        assert r.status_code == 404 and "ainda não foi homologada" in r.json()["detalhe"]
    # O anexo, sim (como na página pública); e nenhum ato ainda.
    assert [d["nome"] for d in _json(client, reverse("api:documentos", args=[pk]))] == [
        "anexo-edital"
    ]
    assert _json(client, reverse("api:atos", args=[pk]))["itens"] == []


def test_nomeacoes_iguais_ao_csv_com_razao_e_fundamento(client: Any, nomeado: Any) -> None:
    pk = nomeado.pk
    itens = _todas_as_paginas(client, reverse("api:nomeacoes", args=[pk]), limite=2)
    csv = _linhas_csv(
        client.get(
            reverse("publico:baixar_tabela", args=[pk, "ordem-de-nomeacao", "nomeacoes"])
        ).content
    )
    cabecalho, linhas = csv[0], csv[1:]
    assert len(itens) == len(linhas) == 5
    chaves = {
        "Cargo": "cargo",
        "Ordem": "ordem",
        "Vaga": "vaga",
        "Inscrição": "inscricao",
        "Nome": "nome",
        "Lista": "lista",
        "Vaga reservada a": "reservada_a",
        "Substitui": "substitui",
        "Substituída por": "substituida_por",
        "Vaga aberta em": "data",
        "Lote": "lote",
        "Ato": "ato",
        "Razão": "razao",
        "Fundamento legal": "fundamento",
    }
    for item, linha in zip(itens, linhas, strict=True):
        for coluna, valor in zip(cabecalho, linha, strict=True):
            esperado = item[chaves[coluna]]
            if coluna == "Vaga aberta em":
                esperado = date.fromisoformat(esperado).strftime("%d/%m/%Y")
            assert str(esperado) == valor, (coluna, esperado, valor)
    # A 3ª nomeação é a vaga reservada a negros (20% de 5), com a portaria e o fundamento.
    terceira = itens[2]
    # A vaga é um número, como no pacote de dados abertos (antes, "3" aqui e 3 no pacote).
    assert terceira["inscricao"] == "1006" and terceira["vaga"] == 3
    assert terceira["ato"] == "Portaria nº 103/2025, de 03/08/2025"
    # O número e a data da portaria também em campos (quem audita não tira a data do texto).
    assert (terceira["portaria"], terceira["data_do_ato"]) == ("103/2025", "2025-08-03")
    assert all(
        i["ato"] == f"Portaria nº {i['portaria']}, de "
        f"{date.fromisoformat(i['data_do_ato']):%d/%m/%Y}"
        for i in itens
    )
    assert terceira["razao"] and terceira["fundamento"]
    pagina = client.get(reverse("publico:documento", args=[pk, "ordem-de-nomeacao"]))
    assert "Portaria nº 103/2025, de 03/08/2025" in pagina.content.decode()
    _sem_sensiveis(itens)


def test_ocorrencias_e_atos_depois_de_uma_desistencia(client: Any, nomeado: Any, rita: Any) -> None:
    from cotas_web.nomeacoes.models import Nomeacao
    from cotas_web.nomeacoes.services import nomeacao_registrar_desistencia

    pk = nomeado.pk
    # Quem ocupava a vaga reservada (a 3ª): a saída tem o fundamento da regra da lei para a
    # desistência numa vaga reservada (numa vaga de ampla, nenhum dispositivo da lei se aplica).
    ato = Nomeacao.objects.get(cargo__certame=nomeado, candidato__inscricao="1006")
    nomeacao_registrar_desistencia(
        usuario=rita,
        nomeacao=ato,
        data=date(2025, 9, 1),
        motivo="desistencia",
        observacao="mudou de cidade (não se publica)",
    )
    itens = _todas_as_paginas(client, reverse("api:ocorrencias", args=[pk]))
    csv = _linhas_csv(
        client.get(
            reverse("publico:baixar_tabela", args=[pk, "ordem-de-nomeacao", "ocorrencias"])
        ).content
    )
    assert len(itens) == len(csv) - 1 == 1  # a desistência
    for item, linha in zip(itens, csv[1:], strict=True):
        assert [
            item["cargo"],
            date.fromisoformat(item["data"]).strftime("%d/%m/%Y"),
            item["ocorrencia"],
            item["inscricao"],
            item["vaga"],
            item["descricao"],
            item["fundamento"],
        ] == linha
    desistencia = next(i for i in itens if i["inscricao"] == "1006")
    assert desistencia["ocorrencia"] == "Desistência" and desistencia["fundamento"]
    atos = _todas_as_paginas(client, reverse("api:atos", args=[pk]), limite=3)
    tipos = [a["tipo"] for a in atos]
    assert tipos.count("nomeacao") == 5 and tipos.count("desistencia") == 1
    assert tipos.count("homologacao") == 1 and tipos.count("vagas_edital") == 1
    assert len({a["id"] for a in atos}) == len(atos)  # cada ato uma vez
    assert [a["data"] for a in atos] == sorted((a["data"] for a in atos), reverse=True)
    saida = next(a for a in atos if a["tipo"] == "desistencia")
    assert saida["fundamento"] == desistencia["fundamento"]
    assert "mudou de cidade" not in json.dumps(atos, ensure_ascii=False)
    nomeacao = next(a for a in atos if a["tipo"] == "nomeacao" and "103/2025" in a["titulo"])
    assert nomeacao["fundamento"] == ato.fundamento and ato.fundamento
    assert _json(client, reverse("api:atos", args=[pk]), cargo="PROF")["total"] == len(atos)
    _sem_sensiveis(atos)


def test_documentos_com_os_links_dos_downloads(client: Any, nomeado: Any) -> None:
    pk = nomeado.pk
    docs = _json(client, reverse("api:documentos", args=[pk]))
    assert [d["nome"] for d in docs] == ["anexo-edital", "listas", "ordem-de-nomeacao"]
    for d in docs:
        assert client.get(d["pagina"]).status_code == 200
        for formato, url in d["formatos"].items():
            if formato in ("csv", "html"):
                assert client.get(url).status_code == 200, url
        for url in d["tabelas"].values():
            r = client.get(url)
            assert r.status_code == 200 and r["Content-Type"].startswith("text/csv"), url
    listas = docs[1]
    assert [p["cargo"] for p in listas["por_cargo"]] == ["PROF"]
    assert client.get(listas["por_cargo"][0]["tabelas"]["classificacao"]).status_code == 200


def test_etag_da_versao_do_certame_e_304(client: Any, certame_homologado: Any, rita: Any) -> None:
    from cotas_web.auditoria.selectors import versao_do_certame

    pk = certame_homologado.pk
    urls = [
        reverse("api:certame", args=[pk]),
        reverse("api:cargos", args=[pk]),
        reverse("api:classificacao", args=[pk, "PROF"]),
        reverse("api:nomeacoes", args=[pk]),
        reverse("api:atos", args=[pk]),
        reverse("api:documentos", args=[pk]),
    ]
    etag = f'"certame-{pk}-v{versao_do_certame(pk)}"'
    for url in urls:
        r = client.get(url)
        assert r.status_code == 200 and r["ETag"] == etag, url
        # Aberto a qualquer site (só leitura, sem cookies), com a ETag legível pelo navegador.
        assert (
            r["Access-Control-Allow-Origin"] == "*" and "ETag" in r["Access-Control-Expose-Headers"]
        )
        assert "Access-Control-Allow-Credentials" not in r
        r = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert r.status_code == 304 and r.content == b"" and r["ETag"] == etag, url
        assert client.get(url, HTTP_IF_NONE_MATCH='W/"outra", ' + etag).status_code == 304
    assert _json(client, urls[0])["versao"] == versao_do_certame(pk)
    nomear_edital(certame_homologado, rita)  # um ato novo: outra versão
    r = client.get(urls[3], HTTP_IF_NONE_MATCH=etag)
    assert r.status_code == 200 and r["ETag"] != etag and r.json()["total"] == 5
    # A lista de certames: a versão de todos.
    r = client.get(reverse("api:certames"))
    assert client.get(reverse("api:certames"), HTTP_IF_NONE_MATCH=r["ETag"]).status_code == 304


def test_openapi_valido_e_as_respostas_seguem_os_esquemas(client: Any, nomeado: Any) -> None:
    import jsonschema

    r = client.get("/api/openapi.json")
    assert r.status_code == 200
    doc = r.json()
    assert doc["openapi"].startswith("3.") and doc["info"]["title"] == "Cotas — dados abertos"
    caminhos = set(doc["paths"])
    assert {
        "/api/certames",
        "/api/certames/{pk}",
        "/api/certames/{pk}/cargos",
        "/api/certames/{pk}/cargos/{codigo}/classificacao",
        "/api/certames/{pk}/nomeacoes",
        "/api/certames/{pk}/ocorrencias",
        "/api/certames/{pk}/atos",
        "/api/certames/{pk}/documentos",
    } <= caminhos
    for esquema in doc["components"]["schemas"].values():
        jsonschema.Draft202012Validator.check_schema(esquema)
    pk = nomeado.pk
    for caminho, url in (
        ("/api/certames", reverse("api:certames")),
        ("/api/certames/{pk}", reverse("api:certame", args=[pk])),
        ("/api/certames/{pk}/cargos", reverse("api:cargos", args=[pk])),
        ("/api/certames/{pk}/cargos/{codigo}", reverse("api:cargo", args=[pk, "PROF"])),
        (
            "/api/certames/{pk}/cargos/{codigo}/classificacao",
            reverse("api:classificacao", args=[pk, "PROF"]),
        ),
        ("/api/certames/{pk}/nomeacoes", reverse("api:nomeacoes", args=[pk])),
        ("/api/certames/{pk}/ocorrencias", reverse("api:ocorrencias", args=[pk])),
        ("/api/certames/{pk}/atos", reverse("api:atos", args=[pk])),
        ("/api/certames/{pk}/documentos", reverse("api:documentos", args=[pk])),
    ):
        operacao = doc["paths"][caminho]["get"]
        assert operacao["summary"], caminho
        esquema = operacao["responses"]["200"]["content"]["application/json"]["schema"]
        validador = jsonschema.Draft202012Validator({**esquema, "components": doc["components"]})
        validador.validate(_json(client, url))
    # Os erros também são documentados, e as respostas de erro seguem o esquema.
    operacao = doc["paths"]["/api/certames/{pk}/cargos/{codigo}/classificacao"]["get"]
    assert {"200", "404", "409", "422"} <= set(operacao["responses"])
    for codigo, params in (("404", {"lista": "nao-ha"}), ("422", {"limite": 0})):
        r = client.get(reverse("api:classificacao", args=[pk, "PROF"]), params)
        assert str(r.status_code) == codigo
        esquema = operacao["responses"][codigo]["content"]["application/json"]["schema"]
        jsonschema.Draft202012Validator({**esquema, "components": doc["components"]}).validate(
            r.json()
        )


def test_documentacao_em_portugues(client: Any) -> None:
    """A página da documentação diz a língua, cabe no celular, tem a volta ao sítio e carrega
    depois do Swagger UI o script que o inicia e põe os rótulos em português; a descrição
    OpenAPI descreve cada resposta em português (o django-ninja punha "OK", "Not Found")."""
    html = client.get("/api/docs").content.decode()
    assert '<html lang="pt-BR">' in html and 'name="viewport"' in html
    assert 'href="/"' in html and 'href="/api/openapi.json"' in html
    assert html.index("/static/ninja/swagger-ui-bundle.js") < html.index(
        "/static/api-documentacao.js"
    )
    cru = client.get("/api/openapi.json").content.decode()
    assert "Cotas — dados abertos" in cru and "\\u00" not in cru  # (UTF-8, sem escapes)
    doc = client.get("/api/openapi.json").json()
    descricoes = {
        status: resposta["description"]
        for operacoes in doc["paths"].values()
        for operacao in operacoes.values()
        for status, resposta in operacao["responses"].items()
    }
    assert set(descricoes) == {"200", "404", "409", "422", "429"}
    assert descricoes["200"] == "Sucesso."
    assert descricoes["404"].startswith("Não encontrado: o certame não foi publicado")
    assert descricoes["422"].startswith("Parâmetro inválido")
    # O erro de entrada descreve cada parâmetro recusado (antes: um dicionário qualquer).
    item = doc["components"]["schemas"]["ErroDoParametro"]
    assert set(item["required"]) == {"onde", "mensagem"}


def test_documentacao_navegavel_sem_cdn(client: Any) -> None:
    # A página inicial e a de cada certame apontam a documentação.
    assert 'href="/api/docs"' in client.get("/").content.decode()
    r = client.get("/api/docs")
    assert r.status_code == 200
    html = r.content.decode()
    assert "/static/ninja/swagger-ui-bundle.js" in html and "/api/openapi.json" in html
    assert "cdn." not in html and "https://" not in html  # nada de fora: a CSP o bloquearia
    csp = r["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "img-src 'self' data:" in csp
    # As outras páginas continuam sem imagens data:.
    assert "data:" not in client.get("/")["Content-Security-Policy"]


# As linhas das listas (ampla, negros e pessoas com deficiência) de cada cargo do exemplo de
# Montenegro (exemplos/montenegro/candidatos.csv).
LINHAS_DAS_LISTAS_DO_EXEMPLO = {"AGT-ADM": 58, "ENF": 96, "PROF-MAT": 87}


def test_exemplo_de_montenegro_todo_endpoint_igual_ao_csv_e_ao_pdf(
    client: Any,
    exemplo_homologado: Any,
    rita: Any,
) -> None:
    """O exemplo de Montenegro (3 cargos, com as vagas do edital ofertadas e nomeadas): as
    listas de cada cargo, a ordem de nomeação e as ocorrências iguais aos CSV publicados, e
    cada nomeação da API no PDF da ordem de nomeação."""
    from tests.documentos.conftest import exigir_pdf, texto_pdf

    nomear_edital(exemplo_homologado, rita, date(2025, 9, 1))
    pk = exemplo_homologado.pk
    certame = _json(client, reverse("api:certame", args=[pk]))
    codigos = [c["codigo"] for c in certame["cargos"]]
    assert sorted(codigos) == ["AGT-ADM", "ENF", "PROF-MAT"]
    for codigo in codigos:
        itens = _todas_as_paginas(client, reverse("api:classificacao", args=[pk, codigo]), limite=7)
        csv = _linhas_csv(
            client.get(
                reverse("publico:baixar_tabela", args=[pk, "listas", "classificacao"]),
                {"cargo": codigo},
            ).content
        )[1:]
        assert len(itens) == len(csv) == LINHAS_DAS_LISTAS_DO_EXEMPLO[codigo]
        for item, linha in zip(itens, csv, strict=True):
            assert [
                item["cargo"],
                item["lista"],
                str(item["posicao"]),
                item["inscricao"],
                item["nome"],
                item["cpf"],
                item["situacao"],
                item["observacoes"],
            ] == [*linha[:6], *linha[7:]]
            assert Decimal(item["nota"]) == Decimal(linha[6].replace(",", "."))
        _sem_sensiveis(itens)
    nomeacoes = _todas_as_paginas(client, reverse("api:nomeacoes", args=[pk]), limite=50)
    csv = _linhas_csv(
        client.get(
            reverse("publico:baixar_tabela", args=[pk, "ordem-de-nomeacao", "nomeacoes"])
        ).content
    )
    assert [
        [str(v) for v in (n["cargo"], n["ordem"], n["vaga"], n["inscricao"])] for n in nomeacoes
    ] == [linha[:4] for linha in csv[1:]]
    assert len(nomeacoes) == 4 + 13 + 10  # as vagas do edital dos 3 cargos
    assert [n["fundamento"] for n in nomeacoes] == [linha[-1] for linha in csv[1:]]
    por_cargo = sum(
        _json(client, reverse("api:nomeacoes", args=[pk]), cargo=c)["total"] for c in codigos
    )
    assert por_cargo == len(nomeacoes)
    ocorrencias = _todas_as_paginas(client, reverse("api:ocorrencias", args=[pk]))
    csv = _linhas_csv(
        client.get(
            reverse("publico:baixar_tabela", args=[pk, "ordem-de-nomeacao", "ocorrencias"])
        ).content
    )
    assert [
        [o["cargo"], o["ocorrencia"], o["inscricao"], o["vaga"], o["fundamento"]]
        for o in ocorrencias
    ] == [[lh[0], lh[2], lh[3], lh[4], lh[6]] for lh in csv[1:]]
    # A reserva de cada cargo: a mesma do anexo publicado.
    anexo = _linhas_csv(
        client.get(
            reverse("publico:baixar_tabela", args=[pk, "anexo-edital", "anexo-edital"])
        ).content
    )
    cargos = {c["codigo"]: c for c in _json(client, reverse("api:cargos", args=[pk]))}
    for linha in anexo[1:]:
        edital = cargos[linha[0]]["edital"]
        assert [int(linha[2]), *(int(v) for v in linha[3 : 3 + len(edital["reservadas"])])] == [
            edital["vagas"],
            *edital["reservadas"].values(),
        ]
    exigir_pdf()
    pdf = texto_pdf(
        client.get(reverse("publico:baixar", args=[pk, "ordem-de-nomeacao", "pdf"])).content
    )
    for n in nomeacoes:
        assert n["inscricao"] in pdf, n["inscricao"]


def test_limite_de_pedidos_pesados_por_cliente(
    client: Any, certame_homologado: Any, settings: Any
) -> None:
    """Os endereços que leem o certame reencenado contam no limite de pedidos pesados por
    cliente, como os downloads; a descrição e a documentação, não."""
    settings.PEDIDOS_PESADOS_POR_CLIENTE = 0  # (todo pedido pesado passa do limite)
    pk = certame_homologado.pk
    for url in _as_nove(pk):
        r = client.get(url)
        # Na API, o JSON dela em português (antes, uma linha de texto), com o Retry-After.
        assert r.status_code == 429 and r["Retry-After"] == "10", url
        assert r["Content-Type"] == "application/json; charset=utf-8"
        assert r.json() == {
            "detalhe": "Muitos pedidos ao mesmo tempo deste endereço (no máximo 0 em curso): "
            "espere os anteriores terminarem e tente de novo em 10 segundos."
        }
        assert r["Access-Control-Allow-Origin"] == "*"
    # O feed: a página do sítio (quem o abre no navegador lê o porquê).
    r = client.get(reverse("dados_abertos:feed_certame", args=[pk]))
    assert r.status_code == 429 and r["Retry-After"] == "10"
    assert "Muitos pedidos ao mesmo tempo" in r.content.decode()
    # A descrição OpenAPI documenta o 429 de cada operação.
    doc = client.get("/api/openapi.json").json()
    for operacoes in doc["paths"].values():
        assert operacoes["get"]["responses"]["429"]["description"].startswith("Muitos pedidos")
    assert client.get("/api/openapi.json").status_code == 200
    assert client.get("/api/docs").status_code == 200


def test_pergunta_previa_do_navegador_de_outro_sitio(client: Any, certame_homologado: Any) -> None:
    """Um portal noutro sítio que repete o pedido com `If-None-Match` faz o navegador perguntar
    antes (OPTIONS, CORS): era 405, e o 304 entre sítios não funcionava. Um OPTIONS que não é
    a pergunta de um navegador continua 405."""
    url = reverse("api:certame", args=[certame_homologado.pk])
    pergunta = client.options(
        url,
        headers={
            "Origin": "https://transparencia.example",
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "if-none-match",
        },
    )
    assert pergunta.status_code == 204
    assert pergunta["Access-Control-Allow-Origin"] == "*"
    assert pergunta["Access-Control-Allow-Methods"] == "GET, HEAD"
    assert pergunta["Access-Control-Allow-Headers"] == "If-None-Match"
    assert "Access-Control-Allow-Credentials" not in pergunta
    assert client.options(url).status_code == 405
    etag = client.get(url)["ETag"]
    de_fora = client.get(url, headers={"Origin": "https://x.example", "If-None-Match": etag})
    assert de_fora.status_code == 304 and de_fora["Access-Control-Allow-Origin"] == "*"
