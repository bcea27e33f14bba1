"""A ata do sorteio entre cargos na aplicação web (docs/EDITAIS.md#sorteios): o certame cujo
edital sorteia publica a ata entre os seus documentos públicos, nos formatos dos outros, igual à
que `cotas apurar --saida` grava para o mesmo edital e a mesma semente; a página do certame a
mostra ao RH. O certame sem sorteio não tem esse documento."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from cotas.cli.principal import main as cotas
from cotas.documentos.pdf import pdf_disponivel
from cotas_web.certames.editais import Enviado, ler_edital_enviado
from cotas_web.certames.services import cargo_adicionar, certame_criar
from cotas_web.ponte import catalogo
from tests.web.conftest import entrar, publicar

pytestmark = pytest.mark.django_db

RAIZ = Path(__file__).resolve().parents[2]
EDITAIS = RAIZ / "exemplos" / "editais"
EDITAL = EDITAIS / "edital-96-2026-sorteio-entre-cargos.toml"
MODELO = EDITAIS / "modelos" / "autarquia-exemplo-concurso@2026.1.toml"
# O teste de lei do mesmo edital: o cenário que a linha de comando apura.
CENARIO = EDITAIS / "testes" / "sorteio-entre-cargos-reproduzido-da-semente.toml"
NOME = "Teste: o sorteio entre cargos, reproduzido da semente"
CARGOS = (("ARQ", "Arquivista"), ("BIB", "Bibliotecário"), ("MUS", "Museólogo"))


def _certame(rita: Any, *, cargos: tuple[tuple[str, str], ...] = CARGOS) -> Any:
    lido = ler_edital_enviado(
        edital=Enviado(EDITAL.name, EDITAL.read_text(encoding="utf-8")),
        modelo=Enviado(MODELO.name, MODELO.read_text(encoding="utf-8")),
        escolhido="",
        numero="",
        data=None,
    )
    lei = catalogo.catalogo().lei("federal/lei-15142-2025")
    certame = certame_criar(
        usuario=rita,
        nome=NOME,
        municipio=lei.municipio,
        orgao="autarquia",
        data_edital=date(2026, 3, 2),
        tipo="concurso_publico",
        edital=lido,
    )
    for codigo, nome in cargos:
        cargo_adicionar(usuario=rita, certame=certame, codigo=codigo, nome=nome, vagas_edital=1)
    return publicar(certame, rita)


def _url_da_ata(pk: int) -> str:
    return reverse("publico:documento", args=[pk, "ata-do-sorteio"])


def _sem_carimbo(html: str) -> str:
    """O documento sem o carimbo (quando foi gerado e a versão do certame: o resto é igual)."""
    return re.sub(r'<p class="carimbo">.*?</p>', "", html, flags=re.S)


def test_a_ata_publicada_e_a_da_linha_de_comando(client: Any, rita: Any, tmp_path: Path) -> None:
    certame = _certame(rita, cargos=(*CARGOS, ("TRA", "Tradutor")))
    saida = tmp_path / "saida"
    assert cotas(["apurar", str(CENARIO), "--saida", str(saida), "--sem-pdf"]) == 0
    pk = certame.pk
    # Entre os documentos públicos do certame, com o título, em todo formato.
    r = client.get(_url_da_ata(pk))
    assert r.status_code == 200
    texto = r.content.decode()
    assert "Ata do sorteio entre cargos" in texto
    assert "ATA DO SORTEIO ENTRE CARGOS Nº 1 — Edital nº 96/2026" in texto
    assert "Semente registrada: &quot;Edital 96/2026, sorteio público de 20/02/2026&quot;" in texto
    assert "TRA: a 1ª vaga reservada a pessoas indígenas." in texto
    anexo = client.get(reverse("publico:documento", args=[pk, "anexo-edital"])).content.decode()
    assert _url_da_ata(pk) in anexo  # (o menu)
    pagina = client.get(reverse("certames:publico", args=[pk])).content.decode()
    assert _url_da_ata(pk) in pagina
    # O CSV das extrações, a planilha e o HTML: os da linha de comando, byte a byte (o HTML,
    # menos o carimbo, que diz quando e em que versão cada um foi gerado).
    csv = client.get(
        reverse("publico:baixar_tabela", args=[pk, "ata-do-sorteio", "sorteio-extracoes"])
    )
    assert csv.status_code == 200
    assert csv.content == (saida / "sorteio-extracoes.csv").read_bytes()
    assert b"76b6b156bab81f60e6815081457b416f5141a4b7065a312c5c6e76ef3b355b1d;1;BIB" in (
        csv.content
    )
    html = client.get(reverse("publico:baixar", args=[pk, "ata-do-sorteio", "html"]))
    assert html.status_code == 200
    da_linha_de_comando = (saida / "ata-do-sorteio.html").read_text(encoding="utf-8")
    assert _sem_carimbo(html.content.decode()) == _sem_carimbo(da_linha_de_comando)
    for formato in ["xlsx"] + (["pdf"] if pdf_disponivel() else []):
        r = client.get(reverse("publico:baixar", args=[pk, "ata-do-sorteio", formato]))
        assert r.status_code == 200, formato
    # A API lista o documento com a tabela dele.
    docs = client.get(reverse("api:documentos", args=[pk])).json()
    assert [d["nome"] for d in docs] == ["anexo-edital", "ata-do-sorteio"]


def test_a_pagina_do_certame_mostra_a_ata_ao_rh(client: Any, rita: Any) -> None:
    """Sem o cargo TRA cadastrado, a página diz que falta (o motor recusaria o certame)."""
    certame = _certame(rita)
    entrar(client, rita)
    r = client.get(reverse("certames:detalhe", args=[certame.pk]))
    assert r.status_code == 200
    texto = r.content.decode()
    assert '<h3 id="sorteio">Sorteio entre cargos</h3>' in texto
    assert "Cargos participantes, na ordem do edital: ARQ, BIB, MUS, TRA." in texto
    assert "Fundamento: Edital nº 96/2026, item 3.5" in texto
    assert "ainda não cadastrou: TRA" in texto
    assert _url_da_ata(certame.pk) in texto


def test_o_certame_sem_sorteio_nao_tem_ata(client: Any, certame: Any, rita: Any) -> None:
    pk = certame.pk
    assert client.get(_url_da_ata(pk)).status_code == 404
    r = client.get(reverse("publico:baixar", args=[pk, "ata-do-sorteio", "csv"]))
    assert r.status_code == 404
    anexo = client.get(reverse("publico:documento", args=[pk, "anexo-edital"])).content.decode()
    assert "ata-do-sorteio" not in anexo and "Ata do sorteio" not in anexo
    pagina = client.get(reverse("certames:publico", args=[pk])).content.decode()
    assert "ata-do-sorteio" not in pagina
    entrar(client, rita)
    detalhe = client.get(reverse("certames:detalhe", args=[pk])).content.decode()
    assert "Sorteio entre cargos" not in detalhe
