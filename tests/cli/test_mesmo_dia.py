"""A linha de comando reencena pelo caminho único do motor: os fatos do mesmo dia na ordem do
motor (as saídas antes das novas vagas, docs/INTERPRETACAO.md#mesmo-dia), qualquer que seja a
ordem do arquivo, e cada erro na linha do seu evento."""

from __future__ import annotations

from pathlib import Path

from cotas.apuracao import apurar_cenario
from cotas.arquivos.cenario import ler_cenario
from tests.cli.test_erros_juntos import erros_da_apuracao, montar

LINHAS = (
    "1;Ana;1990-01-01;PROF;100;aprovado;branca;não;não;\n"
    "2;Bia;1991-01-01;PROF;99;aprovado;branca;não;não;\n"
    "3;Caio;1992-01-01;PROF;98;aprovado;branca;não;não;\n"
    "4;Davi;1993-01-01;PROF;90;aprovado;parda;sim;não;confirmado\n"
    "5;Eva;1994-01-01;PROF;80;aprovado;preta;sim;não;confirmado\n"
    "6;Ivo;1995-01-01;ADM;50;aprovado;branca;não;não;\n"
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
vagas = 3

[[cargos]]
codigo = "ADM"
nome = "Agente"
vagas = 1
"""
SAIDA = """
[[eventos]]
data = 2025-08-01
tipo = "desistencia"
inscricao = "4"
"""
NOVAS = """
[[eventos]]
data = 2025-08-01
tipo = "novas_vagas"
cargo = "PROF"
quantidade = 1
justificativa = "Lei nova"
"""


def _nomeacoes(pasta: Path, eventos: str) -> list[tuple[int, str, str]]:
    caminho = montar(pasta, LINHAS, eventos, CENARIO)
    certame = apurar_cenario(ler_cenario(caminho), caminho.name).certame
    return [(n.vaga, n.inscricao, n.modalidade) for n in certame.nomeacoes("PROF")]


def test_a_ordem_do_arquivo_no_mesmo_dia_nao_decide(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    esperado = [(1, "1", "ampla"), (2, "2", "ampla"), (3, "4", "negros")]
    esperado += [(3, "5", "negros"), (4, "3", "ampla")]
    assert _nomeacoes(tmp_path / "a", SAIDA + NOVAS) == esperado
    assert _nomeacoes(tmp_path / "b", NOVAS + SAIDA) == esperado


def test_o_erro_fica_na_linha_do_evento_mesmo_reordenado(tmp_path: Path) -> None:
    """A desistência de quem já saiu, listada antes das novas vagas do mesmo dia: o motor a
    aplica depois delas, e o erro continua na linha e na posição que ela tem no arquivo."""
    caminho = montar(tmp_path, LINHAS, SAIDA + SAIDA + NOVAS, CENARIO)
    erros = erros_da_apuracao(caminho)
    linhas = caminho.read_text(encoding="utf-8").splitlines()
    segunda = [i for i, t in enumerate(linhas, start=1) if t == "[[eventos]]"][1]
    assert [(e.chave, e.linha) for e in erros.erros] == [("eventos[2]", segunda)]
    assert "já foi excluída" in erros.erros[0].mensagem
