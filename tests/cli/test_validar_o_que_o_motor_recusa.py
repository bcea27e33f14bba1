"""`cotas validar` recusa o que o motor recusaria ao apurar (issue 19, item 4): empates que
nenhum critério resolve, com as linhas; a linha de exemplo do modelo; e nunca lê a aba de ajuda
do modelo como dados."""

from __future__ import annotations

from pathlib import Path

from cotas.arquivos import campos
from tests.cli.conftest import rodar
from tests.cli.test_erros_juntos import CABECALHO, CENARIO, LINHAS, montar


def test_validar_recusa_o_empate_com_as_linhas(tmp_path: Path) -> None:
    linhas = LINHAS.replace("2;Bia;1991-01-01;PROF;8", "2;Bia;1990-01-01;PROF;9")
    r = rodar("validar", montar(tmp_path, linhas))
    assert r.returncode == 2, r.stderr
    assert "candidatos.csv, linha 2" in r.stderr
    assert "Empate não resolvido no cargo PROF entre as inscrições 1, 2" in r.stderr
    assert "(linhas 2 e 3)" in r.stderr
    assert "Cenário válido" not in r.stdout


def test_empate_de_milhares_nomeia_as_primeiras_linhas_e_conta_as_demais(tmp_path: Path) -> None:
    # 6.000 aprovados com a mesma nota e a mesma data de nascimento: um grupo só.
    corpo = "".join(
        f"{i};Pessoa {i};1990-01-01;PROF;7;aprovado;branca;não;não;\n" for i in range(1, 6001)
    )
    r = rodar("validar", montar(tmp_path, corpo))
    assert r.returncode == 2
    assert "e mais 5980" in r.stderr and "mais 5980)" in r.stderr
    assert "linhas 2, 3, 4" in r.stderr
    assert len(r.stderr) < 2000, len(r.stderr)  # nunca o despejo das 6.000 linhas


def test_validar_recusa_a_linha_de_exemplo_do_modelo(tmp_path: Path) -> None:
    exemplo = campos.EXEMPLO_DO_MODELO
    linhas = LINHAS + (
        f"{exemplo['inscricao']};{exemplo['nome']};1990-05-31;ADM;75,50;aprovado;parda;não;não;\n"
    )
    r = rodar("validar", montar(tmp_path, linhas))
    assert r.returncode == 2
    assert "candidatos.csv, linha 7" in r.stderr
    assert "a linha 7 é a linha de exemplo do modelo" in r.stderr and "apague-a" in r.stderr


def _planilha(caminho: Path, abas: dict[str, list[list[str]]]) -> None:
    from openpyxl import Workbook

    pasta = Workbook()
    primeira = pasta.active
    assert primeira is not None
    pasta.remove(primeira)
    for nome, linhas in abas.items():
        aba = pasta.create_sheet(nome)
        for linha in linhas:
            aba.append(linha)
    pasta.save(caminho)


def _dados() -> list[list[str]]:
    return [CABECALHO.strip().split(";"), *(x.split(";") for x in LINHAS.strip().split("\n"))]


def test_validar_nao_le_a_aba_de_ajuda_do_modelo(tmp_path: Path) -> None:
    ajuda = [list(campos.CABECALHO_DA_AJUDA), ["inscricao", "sim", "número", "inscricao"]]
    cenario = CENARIO.replace('candidatos = "candidatos.csv"', 'candidatos = "candidatos.xlsx"')
    caminho = montar(tmp_path, cenario=cenario)
    for nome_da_ajuda in (campos.ABA_DE_AJUDA_DO_MODELO, "Colunas"):  # (e a dos modelos antigos)
        # a ajuda ANTES dos dados: mesmo assim, lida é a aba dos candidatos, sem aviso
        _planilha(tmp_path / "candidatos.xlsx", {nome_da_ajuda: ajuda, "Candidatos": _dados()})
        r = rodar("validar", caminho)
        assert r.returncode == 0, r.stderr
        assert "abas visíveis" not in r.stderr
        assert 'lida a aba "Candidatos"' in r.stderr


def test_outra_aba_visivel_ainda_da_o_aviso(tmp_path: Path) -> None:
    # Uma aba "Colunas" que não é a ajuda do modelo (outro cabeçalho) conta como aba.
    cenario = CENARIO.replace('candidatos = "candidatos.csv"', 'candidatos = "candidatos.xlsx"')
    caminho = montar(tmp_path, cenario=cenario)
    _planilha(tmp_path / "candidatos.xlsx", {"Candidatos": _dados(), "Colunas": [["x", "y"]]})
    r = rodar("validar", caminho)
    assert "2 abas visíveis" in r.stderr
