"""Todos os erros de uma vez, cada um no arquivo e na linha a que se refere (CLI e apuração)."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import pytest

from cotas.apuracao import apurar_cenario
from cotas.arquivos.cenario import ler_cenario
from cotas.arquivos.erros import ErrosDeEntrada
from tests.cli.conftest import rodar

CABECALHO = (
    "inscricao;nome;data_nascimento;cargo;nota;situacao;cor_raca;reserva_negros;pcd;"
    "heteroidentificacao\n"
)
LINHAS = (
    "1;Ana;1990-01-01;PROF;9;aprovado;parda;sim;não;confirmado\n"
    "2;Bia;1991-01-01;PROF;8;aprovado;branca;não;não;\n"
    "3;Caio;1992-01-01;PROF;7;eliminado;preta;sim;não;pendente\n"
    "4;Davi;1993-01-01;ADM;6;aprovado;branca;não;não;\n"
    "5;Eva;1994-01-01;ADM;5;eliminado;branca;não;não;\n"
)
CENARIO = """\
[certame]
nome = "Concurso 01/2025"
municipio = "Montenegro/RS"
data_edital = 2025-06-10
tipo = "concurso_publico"
candidatos = "candidatos.csv"

[[cargos]]
codigo = "PROF"
nome = "Professor"
vagas = 1

[[cargos]]
codigo = "ADM"
nome = "Agente"
vagas = 1
"""


def montar(pasta: Path, linhas: str = LINHAS, eventos: str = "", cenario: str = CENARIO) -> Path:
    (pasta / "candidatos.csv").write_text(CABECALHO + linhas, encoding="utf-8")
    caminho = pasta / "cenario.toml"
    caminho.write_text(cenario + dedent(eventos), encoding="utf-8")
    return caminho


def erros_da_apuracao(caminho: Path) -> ErrosDeEntrada:
    with pytest.raises(ErrosDeEntrada) as excinfo:
        apurar_cenario(ler_cenario(caminho), caminho.name)
    return excinfo.value


def test_todos_os_erros_do_motor_nos_eventos(tmp_path: Path) -> None:
    caminho = montar(
        tmp_path,
        eventos="""
        [[eventos]]
        data = 2025-07-01
        tipo = "desistencia"
        inscricao = "3"

        [[eventos]]
        data = 2025-07-02
        tipo = "desistencia"
        inscricao = "2"

        [[eventos]]
        data = 2025-07-03
        tipo = "desistencia"
        inscricao = "5"
        """,
    )
    erros = erros_da_apuracao(caminho)
    assert [(e.arquivo, e.chave, e.linha) for e in erros.erros] == [
        ("cenario.toml", "eventos[1]", 18),
        ("cenario.toml", "eventos[3]", 28),
    ]
    assert all("não está em nenhuma lista" in e.mensagem for e in erros.erros)


def test_empate_nao_resolvido_nas_linhas_dos_candidatos(tmp_path: Path) -> None:
    linhas = LINHAS.replace("2;Bia;1991-01-01;PROF;8", "2;Bia;1990-01-01;PROF;9")
    linhas = linhas.replace("5;Eva;1994-01-01;ADM;5;eliminado", "5;Eva;1993-01-01;ADM;6;aprovado")
    erros = erros_da_apuracao(montar(tmp_path, linhas))
    assert [(e.arquivo, e.linha, e.coluna) for e in erros.erros] == [
        ("candidatos.csv", 2, "nota"),
        ("candidatos.csv", 5, "nota"),
    ]
    assert "(linhas 2 e 3)" in erros.erros[0].mensagem
    assert "(linhas 5 e 6)" in erros.erros[1].mensagem and "cargo ADM" in erros.erros[1].mensagem


def test_heteroidentificacao_pendente_nas_linhas_dos_candidatos(tmp_path: Path) -> None:
    linhas = LINHAS.replace(
        "3;Caio;1992-01-01;PROF;7;eliminado", "3;Caio;1992-01-01;PROF;7;aprovado"
    )
    linhas += "6;Gil;1995-01-01;ADM;4;aprovado;parda;sim;não;pendente\n"
    erros = erros_da_apuracao(montar(tmp_path, linhas))
    assert [(e.arquivo, e.linha, e.coluna) for e in erros.erros] == [
        ("candidatos.csv", 4, "heteroidentificacao"),
        ("candidatos.csv", 7, "heteroidentificacao"),
    ]
    assert all("pendente" in e.mensagem for e in erros.erros)
    assert "cenario.toml" not in str(erros)


def test_cli_junta_as_fases_e_diz_o_que_nao_foi_conferido(tmp_path: Path) -> None:
    caminho = montar(
        tmp_path,
        linhas=LINHAS + "7;Hugo;1990-01-01;PROF;nove;aprovado;branca;não;não;\n",
        eventos="""
        [[eventos]]
        data = 2025-07-01
        tipo = "desistencia"
        inscricao = "3"
        quantidade = 2
        """,
    )
    r = rodar("validar", caminho)
    assert r.returncode == 2
    assert 'chave "eventos[1].quantidade"' in r.stderr  # o cenário...
    assert "candidatos.csv, linha 7" in r.stderr  # ...e o arquivo de candidatos, juntos
    assert "Não conferido" in r.stderr and "apuração" in r.stderr
    assert r.stderr.count("Não conferido") == 1


def test_erro_das_regras_da_lei_aponta_a_tabela_certame(tmp_path: Path) -> None:
    # Edital sob a lei anterior, que não define parâmetros que o operador então informa.
    cenario = "# lei anterior\n" + CENARIO.replace("2025-06-10", "2025-01-10")
    [erro] = erros_da_apuracao(montar(tmp_path, cenario=cenario)).erros
    assert (erro.arquivo, erro.linha, erro.chave) == ("cenario.toml", 2, "certame")
