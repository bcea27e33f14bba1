"""Os feeds Atom dos atos publicados (issue 23, item 2) e a linha do tempo do candidato na
consulta pública: cada ato uma vez, com a portaria, o fundamento legal e o link da página
pública; nada sensível; a ETag da versão do certame."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import date
from typing import Any

import pytest
from django.urls import reverse

from .test_publico import nomear_edital, sem_dados_sensiveis

pytestmark = pytest.mark.django_db

ATOM = "{http://www.w3.org/2005/Atom}"


def _feed(client: Any, url: str) -> tuple[ET.Element, list[ET.Element]]:
    r = client.get(url)
    assert r.status_code == 200, r.content[:300]
    assert r["Content-Type"].startswith("application/atom+xml")
    raiz = ET.fromstring(r.content)  # bem formado, ou ParseError
    assert raiz.tag == f"{ATOM}feed"
    return raiz, raiz.findall(f"{ATOM}entry")


def _texto(e: ET.Element, campo: str) -> str:
    achado = e.find(f"{ATOM}{campo}")
    assert achado is not None, campo
    return achado.text or ""


def _conferir_atom(raiz: ET.Element, entradas: list[ET.Element]) -> None:
    """O que o Atom (RFC 4287) exige: id, title e updated no feed e em cada entrada; ids únicos;
    cada entrada com um link."""
    for campo in ("id", "title", "updated"):
        assert _texto(raiz, campo)
    ids = [_texto(e, "id") for e in entradas]
    assert len(set(ids)) == len(ids)  # cada ato uma vez
    for e in entradas:
        for campo in ("id", "title", "updated", "summary"):
            assert _texto(e, campo), campo
        assert _texto(e, "id").startswith("tag:")
        link = e.find(f"{ATOM}link")
        assert link is not None and link.get("href", "").startswith("http://testserver/")


@pytest.fixture
def nomeado(certame_homologado: Any, rita: Any) -> Any:
    nomear_edital(certame_homologado, rita)
    return certame_homologado


def test_feed_do_certame_com_as_nomeacoes_e_o_fundamento(client: Any, nomeado: Any) -> None:
    from cotas_web.nomeacoes.models import Nomeacao

    pk = nomeado.pk
    raiz, entradas = _feed(client, reverse("dados_abertos:feed_certame", args=[pk]))
    _conferir_atom(raiz, entradas)
    assert _texto(raiz, "title") == "Atos publicados — Concurso 01/2025"
    titulos = [_texto(e, "title") for e in entradas]
    # A homologação, a oferta do edital e as 5 nomeações, cada uma uma vez.
    assert len(entradas) == 7
    for n in Nomeacao.objects.filter(cargo__certame=nomeado).select_related("candidato"):
        e = next(e for e in entradas if f"Portaria nº {n.portaria}," in _texto(e, "title"))
        assert f"inscrição {n.candidato.inscricao}" in _texto(e, "title")
        resumo = _texto(e, "summary")
        assert n.fundamento and f"Fundamento legal: {n.fundamento}" in resumo
        assert n.razao in resumo
        link = e.find(f"{ATOM}link")
        assert link is not None
        assert link.get("href") == "http://testserver" + reverse(
            "publico:documento", args=[pk, "ordem-de-nomeacao"]
        )
        assert [c.get("term") for c in e.findall(f"{ATOM}category")] == ["Nomeação", "Cargo PROF"]
    assert sum("Classificação final homologada" in t for t in titulos) == 1
    homologacao = next(e for e in entradas if "homologada" in _texto(e, "title"))
    assert "Fundamento legal: " in _texto(homologacao, "summary")
    assert "art." in _texto(homologacao, "summary")
    # Do mais novo ao mais antigo.
    datas = [_texto(e, "updated") for e in entradas]
    assert datas == sorted(datas, reverse=True)
    texto = ET.tostring(raiz, encoding="unicode")
    sem_dados_sensiveis(texto)


def test_feed_do_cargo_e_as_saidas(client: Any, nomeado: Any, rita: Any) -> None:
    from cotas_web.nomeacoes.models import Nomeacao
    from cotas_web.nomeacoes.services import nomeacao_registrar_desistencia

    pk = nomeado.pk
    ato = Nomeacao.objects.get(cargo__certame=nomeado, candidato__inscricao="1006")
    nomeacao_registrar_desistencia(
        usuario=rita,
        nomeacao=ato,
        data=date(2025, 9, 1),
        motivo="desistencia",
        observacao="texto livre que não se publica",
    )
    raiz, entradas = _feed(client, reverse("dados_abertos:feed_cargo", args=[pk, "PROF"]))
    _conferir_atom(raiz, entradas)
    assert "cargo PROF (Professor)" in _texto(raiz, "title")
    saidas = [e for e in entradas if _texto(e, "title").startswith("Desistência")]
    assert len(saidas) == 1
    saida = saidas[0]
    assert "inscrição 1006" in _texto(saida, "title")
    assert _texto(saida, "updated").startswith("2025-09-01")
    # O fundamento que o motor deu à saída (a regra da desistência numa vaga reservada), o
    # mesmo do registro do ato.
    from cotas_web.auditoria.models import Registro

    registro = Registro.objects.get(certame=nomeado, acao="desistencia")
    assert registro.fundamento and f"Fundamento legal: {registro.fundamento}" in _texto(
        saida, "summary"
    )
    link = saida.find(f"{ATOM}link")
    assert link is not None and link.get("href", "").endswith("/consulta/?inscricao=1006")
    assert "texto livre" not in ET.tostring(raiz, encoding="unicode")
    # O feed do certame tem as mesmas entradas (um cargo só).
    _, do_certame = _feed(client, reverse("dados_abertos:feed_certame", args=[pk]))
    assert [_texto(e, "id").rsplit("/", 1)[-1] for e in do_certame] == [
        _texto(e, "id").rsplit("/", 1)[-1] for e in entradas
    ]
    assert client.get(reverse("dados_abertos:feed_cargo", args=[pk, "NAO-HA"])).status_code == 404


def test_feed_do_prazo_de_posse_esgotado(client: Any, nomeado: Any, rita: Any) -> None:
    """O prazo de posse esgotado saía no feed como "Vaga sem candidato" (o rótulo novo da
    ocorrência caía no padrão de uma busca); agora com o rótulo do glossário."""
    from cotas_web.nomeacoes.models import Nomeacao
    from cotas_web.nomeacoes.services import nomeacao_registrar_desistencia

    ato = Nomeacao.objects.get(cargo__certame=nomeado, candidato__inscricao="1006")
    nomeacao_registrar_desistencia(
        usuario=rita, nomeacao=ato, data=date(2025, 9, 1), motivo="sem_posse"
    )
    _, entradas = _feed(client, reverse("dados_abertos:feed_cargo", args=[nomeado.pk, "PROF"]))
    titulos = [_texto(e, "title") for e in entradas]
    assert any(t.startswith("Prazo de posse esgotado") and "1006" in t for t in titulos), titulos
    assert not any(t.startswith("Vaga sem candidato") for t in titulos), titulos


def test_feed_antes_da_homologacao_e_rascunho(
    client: Any, certame_com_candidatos: Any, rita: Any
) -> None:
    from cotas_web.certames.services import certame_criar

    raiz, entradas = _feed(
        client, reverse("dados_abertos:feed_certame", args=[certame_com_candidatos.pk])
    )
    assert entradas == [] and _texto(raiz, "updated")
    rascunho = certame_criar(
        usuario=rita,
        nome="Rascunho",
        municipio="Montenegro/RS",
        data_edital=date(2025, 6, 10),
        tipo="concurso_publico",
        validade_ate=date(2027, 6, 10),
    )
    assert client.get(reverse("dados_abertos:feed_certame", args=[rascunho.pk])).status_code == 404


def test_feed_com_etag_da_versao(client: Any, certame_homologado: Any, rita: Any) -> None:
    url = reverse("dados_abertos:feed_certame", args=[certame_homologado.pk])
    r = client.get(url)
    etag = r["ETag"]
    assert r["Access-Control-Allow-Origin"] == "*"
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    nomear_edital(certame_homologado, rita)
    r = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert r.status_code == 200 and r["ETag"] != etag


def test_paginas_publicas_apontam_o_feed(client: Any, nomeado: Any) -> None:
    pk = nomeado.pk
    href = reverse("dados_abertos:feed_certame", args=[pk])
    alternativo = '<link rel="alternate" type="application/atom+xml"'
    for url in (
        reverse("certames:publico", args=[pk]),
        reverse("publico:consulta", args=[pk]),
        reverse("publico:documento", args=[pk, "listas"]),
        reverse("publico:documento", args=[pk, "ordem-de-nomeacao"]),
    ):
        html = client.get(url).content.decode()
        assert alternativo in html and f'href="{href}"' in html, url


def test_linha_do_tempo_na_consulta(client: Any, nomeado: Any, rita: Any) -> None:
    from cotas_web.nomeacoes.models import Nomeacao
    from cotas_web.nomeacoes.services import nomeacao_registrar_desistencia

    pk = nomeado.pk
    url = reverse("publico:consulta", args=[pk])
    # Quem aguarda: só a homologação, com a data e o fundamento.
    texto = client.get(url, {"inscricao": "1008"}).content.decode()
    assert "Linha do tempo" in texto and "01/08/2025" in texto
    assert (
        "Classificação final homologada" in texto
        and "Portaria" not in texto.split("Linha do tempo")[1]
    )
    # Nomeada na vaga reservada e depois desistente: a portaria e a saída, cada uma com o
    # fundamento, em ordem de data.
    ato = Nomeacao.objects.get(cargo__certame=nomeado, candidato__inscricao="1006")
    nomeacao_registrar_desistencia(
        usuario=rita,
        nomeacao=ato,
        data=date(2025, 9, 1),
        motivo="desistencia",
        observacao="observação que não se publica",
    )
    from cotas_web.auditoria.models import Registro

    registro = Registro.objects.get(certame=nomeado, acao="desistencia")
    texto = client.get(url, {"inscricao": "1006"}).content.decode()
    linha = texto.split("Linha do tempo")[1]
    assert linha.index("01/08/2025") < linha.index("03/08/2025") < linha.index("01/09/2025")
    assert "Portaria nº 103/2025, de 03/08/2025: nomeado(a) para PROF, vaga 3" in linha
    assert f"Fundamento: {ato.fundamento}" in linha
    assert "Desistência da nomeação: a vaga 3 volta à lista" in linha
    assert f"Fundamento: {registro.fundamento}" in linha
    assert "observação que não se publica" not in texto
    assert reverse("dados_abertos:feed_cargo", args=[pk, "PROF"]) in linha
    sem_dados_sensiveis(texto)


def test_correcoes_depois_da_homologacao_no_feed(client: Any, nomeado: Any, rita: Any) -> None:
    """Cada correção como a página pública a mostra: a nota com os valores, a data de
    nascimento (dado pessoal) só como corrigida; o fundamento do ato de correção."""
    from cotas_web.candidatos.correcoes import candidato_corrigir
    from cotas_web.candidatos.models import Candidato

    fabio = Candidato.objects.get(certame=nomeado, inscricao="1008")
    candidato_corrigir(
        usuario=rita,
        candidato=fabio,
        campo="nota",
        valor="58,00",
        motivo="Recurso provido",
        fundamento="Decisão do recurso nº 7/2025",
        data=date(2025, 8, 10),
    )
    candidato_corrigir(
        usuario=rita,
        candidato=fabio,
        campo="data_nascimento",
        valor="02/01/1990",
        motivo="Documento",
        fundamento="Certidão",
        data=date(2025, 8, 11),
    )
    pk = nomeado.pk
    raiz, entradas = _feed(client, reverse("dados_abertos:feed_cargo", args=[pk, "PROF"]))
    _conferir_atom(raiz, entradas)
    correcoes = [e for e in entradas if _texto(e, "title").startswith("Correção")]
    assert len(correcoes) == 2
    nascimento, nota = correcoes  # (do mais novo ao mais antigo)
    assert "nota: 55" in _texto(nota, "summary") and "58" in _texto(nota, "summary")
    assert "Fundamento legal: Decisão do recurso nº 7/2025" in _texto(nota, "summary")
    assert "data de nascimento corrigido(a)" in _texto(nascimento, "summary")
    texto = ET.tostring(raiz, encoding="unicode")
    assert "1990" not in texto  # o valor pessoal não se publica
    from .test_api import _json

    atos = _json(client, reverse("api:atos", args=[pk]))["itens"]
    assert [a["tipo"] for a in atos].count("correcao") == 2


def test_retificacao_no_feed_e_na_api(client: Any, certame_homologado: Any, rita: Any) -> None:
    from cotas_web.certames.services import retificacao_registrar

    retificacao_registrar(
        usuario=rita,
        certame=certame_homologado,
        data=date(2025, 9, 1),
        fundamento="Edital de retificação nº 2/2025: prorroga a validade",
        dados={"validade_ate": date(2029, 6, 10)},
        cargos={},
    )
    pk = certame_homologado.pk
    raiz, entradas = _feed(client, reverse("dados_abertos:feed_certame", args=[pk]))
    _conferir_atom(raiz, entradas)
    primeira = entradas[0]  # a mais nova
    assert _texto(primeira, "title") == "Retificação de 01/09/2025"
    resumo = _texto(primeira, "summary")
    assert "Fundamento legal: Edital de retificação nº 2/2025: prorroga a validade" in resumo
    assert "2029" in resumo  # a alteração, como a página pública a mostra
    pagina = client.get(reverse("certames:publico", args=[pk])).content.decode()
    assert "Edital de retificação nº 2/2025" in pagina
    # O feed do cargo também a traz (um ato do certame inteiro).
    _, do_cargo = _feed(client, reverse("dados_abertos:feed_cargo", args=[pk, "PROF"]))
    assert _texto(do_cargo[0], "title") == "Retificação de 01/09/2025"


def test_reversoes_atos_que_tornam_sem_efeito(client: Any, nomeado: Any, rita: Any) -> None:
    """A nomeação e a desistência tornadas sem efeito: cada reversão é uma entrada do feed
    (o número do ato, a data e a autoridade; o motivo, texto livre, não); a nomeação original
    continua no feed, marcada; a linha do tempo só mostra os atos em vigor."""
    from cotas_web.nomeacoes.models import Desistencia, Nomeacao
    from cotas_web.nomeacoes.services import (
        desistencia_tornar_sem_efeito,
        nomeacao_registrar_desistencia,
        nomeacao_tornar_sem_efeito,
    )

    davi = Nomeacao.objects.get(cargo__certame=nomeado, candidato__inscricao="1004")
    nomeacao_tornar_sem_efeito(
        usuario=rita, nomeacao=davi, data=date(2025, 8, 4), ato="Portaria 110/2025",
        autoridade="Prefeita Municipal", motivo="motivo livre que não se publica",
    )  # fmt: skip
    nadia = Nomeacao.objects.get(cargo__certame=nomeado, candidato__inscricao="1006")
    nomeacao_registrar_desistencia(
        usuario=rita, nomeacao=nadia, data=date(2025, 9, 1), motivo="desistencia"
    )
    desistencia = Desistencia.objects.get(candidato=nadia.candidato)
    desistencia_tornar_sem_efeito(
        usuario=rita, desistencia=desistencia, data=date(2025, 9, 2), ato="Portaria 111/2025",
        autoridade="Prefeita Municipal", motivo="outro motivo livre",
    )  # fmt: skip
    pk = nomeado.pk
    raiz, entradas = _feed(client, reverse("dados_abertos:feed_certame", args=[pk]))
    _conferir_atom(raiz, entradas)
    titulos = [_texto(e, "title") for e in entradas]
    reversoes = [e for e in entradas if "torna sem efeito" in _texto(e, "title")]
    assert len(reversoes) == 2
    desfaz_desistencia, desfaz_nomeacao = reversoes  # (do mais novo ao mais antigo)
    assert _texto(desfaz_nomeacao, "title") == (
        "Portaria 110/2025, de 04/08/2025: torna sem efeito a nomeação de Davi Branco "
        "(inscrição 1004) pela portaria nº 105/2025, de 03/08/2025"
    )
    assert "Prefeita Municipal" in _texto(desfaz_nomeacao, "summary")
    assert "Portaria 111/2025, de 02/09/2025: torna sem efeito a desistência" in _texto(
        desfaz_desistencia, "title"
    )
    original = next(t for t in titulos if t.startswith("Portaria nº 105/2025"))
    assert original.endswith("(tornada sem efeito em 04/08/2025)")
    texto = ET.tostring(raiz, encoding="unicode")
    assert "motivo livre" not in texto
    # A linha do tempo da Nadia: a desistência tornada sem efeito não aparece (não é ato em
    # vigor), a nomeação sim.
    linha = client.get(reverse("publico:consulta", args=[pk]), {"inscricao": "1006"})
    parte = linha.content.decode().split("Linha do tempo")[1]
    assert "Portaria nº 103/2025" in parte and "Desistência" not in parte
