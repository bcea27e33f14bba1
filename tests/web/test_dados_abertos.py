"""O pacote de dados abertos de cada certame (issue 23, item 3): os CSV públicos num ZIP com o
`datapackage.json` (Frictionless) que valida com a biblioteca `frictionless`, com os mesmos
números dos CSV para baixar, e a página-catálogo dos pacotes de todos os certames."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from cotas_web.auditoria.selectors import versao_do_certame
from cotas_web.tarefas.models import Tarefa

pytestmark = pytest.mark.django_db
frictionless = pytest.importorskip("frictionless")


def _pacote(client: Any, certame: Any, pasta: Path) -> tuple[dict[str, Any], zipfile.ZipFile]:
    r = client.get(reverse("publico:dados_abertos", args=[certame.pk]))
    assert r.status_code == 200, r.content[:500]
    assert r["Content-Type"] == "application/zip"
    assert "concurso-01-2025-dados-abertos.zip" in r["Content-Disposition"]
    pacote = zipfile.ZipFile(io.BytesIO(r.content))
    pacote.extractall(pasta)
    return json.loads(pacote.read("datapackage.json")), pacote


def test_pacote_valida_e_tem_os_numeros_dos_csv(
    client: Any, certame_homologado: Any, tmp_path: Path
) -> None:
    descritor, pacote = _pacote(client, certame_homologado, tmp_path)
    relatorio = frictionless.validate(str(tmp_path / "datapackage.json"))
    assert relatorio.valid, relatorio.flatten(["rowNumber", "fieldName", "type", "note"])
    versao = versao_do_certame(certame_homologado.pk)
    assert descritor["profile"] == "tabular-data-package"
    assert descritor["version"] == f"{versao}.0.0"
    assert descritor["cotas:certame"]["versao"] == versao
    assert descritor["cotas:lei"]["id"] == certame_homologado.lei_id
    assert descritor["cotas:edital"]["data_publicacao"] == "2025-06-10"
    assert descritor["licenses"][0]["name"] == "CC-BY-4.0"
    assert descritor["sources"][0]["path"].endswith(
        reverse("certames:publico", args=[certame_homologado.pk])
    )
    assert descritor["created"]
    caminhos = {r["path"] for r in descritor["resources"]}
    # Homologado: o anexo do edital, as listas e a ordem de nomeação.
    assert {p.split("/")[0] for p in caminhos} == {"anexo-edital", "listas", "ordem-de-nomeacao"}
    # Os mesmos bytes do CSV para baixar de cada tabela.
    for recurso in descritor["resources"]:
        doc, arquivo = recurso["path"].split("/")
        tabela = arquivo.removesuffix(".csv")
        baixado = client.get(
            reverse("publico:baixar_tabela", args=[certame_homologado.pk, doc, tabela])
        )
        assert pacote.read(recurso["path"]) == baixado.content, recurso["path"]
    # Os tipos das colunas: a nota é número com vírgula decimal; a classificação, inteiro.
    campos = {
        f["name"]: f
        for r in descritor["resources"]
        if r["path"] == "listas/classificacao.csv"
        for f in r["schema"]["fields"]
    }
    tipos = {f["type"] for f in campos.values()}
    assert {"integer", "number", "string"} <= tipos
    assert all(f.get("decimalChar") == "," for f in campos.values() if f["type"] == "number")
    # Nenhuma coluna de cor/raça nos dados abertos (nem nos CSV, nem nos esquemas).
    csvs = [n for n in pacote.namelist() if n.endswith(".csv")]
    tudo = b"".join(pacote.read(n) for n in csvs).decode("utf-8-sig").lower()
    colunas = [f["name"].lower() for r in descritor["resources"] for f in r["schema"]["fields"]]
    assert "cor/raça" not in tudo and not any("cor" in c and "raça" in c for c in colunas)


def test_pacote_gerado_uma_vez_por_versao(client: Any, certame_homologado: Any) -> None:
    url = reverse("publico:dados_abertos", args=[certame_homologado.pk])
    primeiro = client.get(url).content
    assert client.get(url).content == primeiro
    assert Tarefa.objects.filter(grupo__contains="dados-abertos").count() == 1


def test_antes_da_homologacao_so_o_anexo(client: Any, certame: Any, tmp_path: Path) -> None:
    descritor, _ = _pacote(client, certame, tmp_path)
    assert {r["path"].split("/")[0] for r in descritor["resources"]} == {"anexo-edital"}
    assert frictionless.validate(str(tmp_path / "datapackage.json")).valid


def test_catalogo_lista_os_pacotes_dos_certames_publicados(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    from cotas_web.certames.services import certame_criar

    rascunho = certame_criar(
        usuario=rita,
        nome="Rascunho 09/2025",
        municipio="Montenegro/RS",
        data_edital=date(2025, 9, 1),
        tipo="concurso_publico",
    )
    html = client.get(reverse("publico:catalogo")).content.decode()
    assert certame_homologado.nome in html
    assert reverse("publico:dados_abertos", args=[certame_homologado.pk]) in html
    assert "CC-BY-4.0" in html
    assert rascunho.nome not in html
    # O rascunho não tem pacote para o público.
    assert client.get(reverse("publico:dados_abertos", args=[rascunho.pk])).status_code == 404
    # A página do certame leva ao pacote.
    pagina = client.get(reverse("publico:consulta", args=[certame_homologado.pk])).content
    assert reverse("publico:dados_abertos", args=[certame_homologado.pk]).encode() in pagina
