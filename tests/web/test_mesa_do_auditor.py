"""A mesa do auditor (issue 21, item 6): o registro exportado da tela (CSV e JSON Lines) com
nomes e papéis, a data de cada ato, e a cabeça da cadeia que `verificar_auditoria --cabecas`
confere de novo."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from cotas_web.auditoria.models import Registro

from .conftest import entrar
from .test_publico import nomear_edital

pytestmark = pytest.mark.django_db


def test_exporta_o_registro_e_a_cabeca_que_o_comando_confere(
    client: Any, certame_homologado: Any, rita: Any, ana: Any, tmp_path: Path
) -> None:
    nomear_edital(certame_homologado, rita)
    entrar(client, ana)  # a auditora
    pk = certame_homologado.pk
    total = Registro.objects.filter(certame_id=pk).count()

    r = client.get(reverse("certames:historico_exportar", args=[pk, "jsonl"]))
    assert r.status_code == 200
    assert 'filename="concurso-01-2025-auditoria.jsonl"' in r["Content-Disposition"]
    linhas = [json.loads(x) for x in r.content.decode().splitlines()]
    assert len(linhas) == total
    nomeacao = next(x for x in linhas if x["acao"] == "nomeacao")
    assert nomeacao["data_do_ato"] == "2025-08-03"
    assert nomeacao["papel"] == "Administrador do certame (RH)"
    assert len(nomeacao["hash"]) == 64 and nomeacao["anterior"]

    r = client.get(reverse("certames:historico_exportar", args=[pk, "csv"]))
    tabela = list(csv.DictReader(io.StringIO(r.content.decode("utf-8-sig"))))
    assert len(tabela) == total
    assert [x["hash"] for x in tabela] == [x["hash"] for x in linhas]

    r = client.get(reverse("certames:historico_exportar", args=[pk, "cabeca"]))
    cabeca = tmp_path / "cabeca.jsonl"
    cabeca.write_bytes(r.content)
    assert json.loads(r.content)["registros"] == total
    saida = io.StringIO()
    call_command("verificar_auditoria", "--cabecas", str(cabeca), "--so-cadeia", stdout=saida)
    assert "Registro de auditoria íntegro" in saida.getvalue()
    # Uma cabeça adulterada (outro hash no mesmo lugar) não confere.
    falsa = json.loads(r.content)
    falsa["ultimo_hash"] = "0" * 64
    cabeca.write_text(json.dumps(falsa) + "\n", encoding="utf-8")
    with pytest.raises(CommandError):
        call_command(
            "verificar_auditoria", "--cabecas", str(cabeca), "--so-cadeia", stderr=io.StringIO()
        )


def test_historico_com_nome_papel_data_do_ato_e_documentos(
    client: Any, certame_homologado: Any, rita: Any, ana: Any
) -> None:
    rita.first_name, rita.last_name = "Rita", "Souza"
    rita.save()
    nomear_edital(certame_homologado, rita)
    entrar(client, ana)
    pagina = client.get(
        reverse("certames:historico", args=[certame_homologado.pk])
    ).content.decode()
    assert "Rita Souza<br><small>Administrador do certame (RH)</small>" in pagina
    assert "(rita)" not in pagina
    assert "<td>03/08/2025</td>" in pagina  # a data da portaria, não a do registro
    for nome in ("historico_exportar",):
        assert reverse(f"certames:{nome}", args=[certame_homologado.pk, "cabeca"]) in pagina
    assert reverse("textos:lista", args=[certame_homologado.pk]) in pagina
    assert reverse("publico:documento", args=[certame_homologado.pk, "ordem-de-nomeacao"]) in pagina


def test_textos_do_certame_sem_link_que_o_auditor_nao_abre(
    client: Any, certame_homologado: Any, rita: Any, ana: Any
) -> None:
    """A lista de textos apontava ao auditor os modelos do órgão, que lhe davam 403."""
    modelos = reverse("textos:modelos")
    url = reverse("textos:lista", args=[certame_homologado.pk])
    assert modelos not in entrar(client, ana).get(url).content.decode()
    assert client.get(modelos).status_code == 403
    assert modelos in entrar(client, rita).get(url).content.decode()


def test_auditor_confere_na_pagina_a_cabeca_que_guardou(
    client: Any, certame_homologado: Any, certame_mostardas: Any, rita: Any, ana: Any
) -> None:
    """Quem audita de fora não roda comandos no servidor: a cabeça que guardou se confere no
    histórico, com a mesma conferência de `verificar_auditoria --cabecas`."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    nomear_edital(certame_homologado, rita)
    entrar(client, ana)
    pk = certame_homologado.pk
    total = Registro.objects.count()
    url = reverse("certames:historico", args=[pk])
    cabeca = client.get(reverse("certames:historico_exportar", args=[pk, "cabeca"])).content

    def conferir(conteudo: bytes) -> str:
        arquivo = SimpleUploadedFile("cabeca.jsonl", conteudo, "application/jsonl")
        resposta = client.post(url, {"cabeca": arquivo})
        assert resposta.status_code == 200
        return str(resposta.content.decode())

    assert "<strong>Confere.</strong> cabeca.jsonl: 1 cabeça(s) deste certame" in conferir(cabeca)
    falsa = json.loads(cabeca)
    falsa["ultimo_hash"] = "0" * 64
    html = conferir(json.dumps(falsa).encode())
    assert "A cabeça guardada não confere" in html
    assert f"cabeca.jsonl, linha 1: o registro {falsa['ultimo_id']} tem hoje outro hash" in html
    de_outro = {**json.loads(cabeca), "certame": certame_mostardas.pk}
    html = conferir(json.dumps(de_outro).encode() + b"\n" + cabeca)
    assert f"linha 1: a cabeça é de outro certame ({certame_mostardas.pk})." in html
    assert "não é texto UTF-8" in conferir(b"\xff\xfe\x00")
    # Nenhuma cabeça deste certame no arquivo não "confere": nada foi conferido.
    for vazio in (b"", b"\n\n", json.dumps(de_outro).encode()):
        html = conferir(vazio)
        assert "Confere." not in html and "<strong>Não conferida.</strong>" in html
    assert "nenhuma cabeça deste certame no arquivo" in conferir(b"")
    # Uma linha JSON que não é cabeça: dita como tal, na ordem das linhas.
    html = conferir(b'{"x": 1}\n' + cabeca)
    assert "linha 1: não é uma cabeça exportada" in html and "(None)" not in html
    assert Registro.objects.count() == total  # (conferir não registra nem muda nada)


def test_cabeca_malformada_recusada_pelo_que_tem_de_errado(
    client: Any, certame_homologado: Any, ana: Any
) -> None:
    """Um campo de outro tipo dava 500 (`ultimo_id` em texto, JSON aninhado fundo) ou um veredito
    enganoso (`ultimo_id` negativo: "apagado"; `data` qualquer e `integra: false`: "Confere.").
    Agora cada erro é dito, todos de uma vez; a cabeça sem as impressões dos fatos confere só a
    cadeia, e a página o diz."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    entrar(client, ana)
    pk = certame_homologado.pk
    url = reverse("certames:historico", args=[pk])
    cabeca = json.loads(
        client.get(reverse("certames:historico_exportar", args=[pk, "cabeca"])).content
    )

    def conferir(conteudo: bytes) -> str:
        arquivo = SimpleUploadedFile("cabeca.jsonl", conteudo, "application/jsonl")
        resposta = client.post(url, {"cabeca": arquivo})
        assert resposta.status_code == 200
        return str(resposta.content.decode())

    html = conferir(json.dumps({**cabeca, "ultimo_id": "abc", "data": "ontem"}).encode())
    assert "<strong>Não conferida.</strong>" in html
    assert "ultimo_id deve ser um número inteiro positivo" in html
    assert "data deve ser uma data e hora ISO 8601" in html
    for ultimo_id in (-1, 10**30, True):
        html = conferir(json.dumps({**cabeca, "ultimo_id": ultimo_id}).encode())
        assert "ultimo_id deve ser um número inteiro positivo" in html, ultimo_id
        assert "não existe mais nesta cadeia" not in html
    assert "é um JSON aninhado demais para ser uma cabeça exportada" in conferir(b"[" * 100_000)
    # A data da exportação dita como se lê, não o ISO cru do arquivo.
    sumido = {**cabeca, "ultimo_id": 999_999_999, "data": "2026-12-06T19:40:00-03:00"}
    html = conferir(json.dumps(sumido).encode())
    assert "o registro 999999999 exportado em 06/12/2026 19:40 não existe mais" in html
    html = conferir(json.dumps({**cabeca, "integra": False}).encode())
    assert "A cabeça guardada não confere" in html and "já não conferia (integra: false)" in html
    sem_fatos = {k: v for k, v in cabeca.items() if k != "fatos"}
    html = conferir(json.dumps(sem_fatos).encode())
    assert "<strong>Confere.</strong>" in html
    assert "só a cadeia do registro foi conferida, não os dados do certame" in html
    assert "só a cadeia" not in conferir(json.dumps(cabeca).encode())
