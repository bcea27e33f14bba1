"""O cabeçalho do relatório diz o que a lei aplicável diz, com o artigo, lido dos dados dela."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from cotas.apuracao import Apuracao, apurar_cenario
from cotas.arquivos.cenario import ler_cenario
from cotas.cli.saida import cabecalho

RAIZ = Path(__file__).resolve().parents[2]


def apuracao() -> Apuracao:
    return apurar_cenario(ler_cenario(RAIZ / "exemplos" / "montenegro" / "cenario.toml"))


def test_nao_reconhecido_vem_da_regra_da_lei_com_o_artigo() -> None:
    ap = apuracao()
    comissao = ap.regras.comissao
    assert comissao is not None
    artigo = comissao.referencias["nao_reconhecido"].citacao()
    [linha] = [x for x in cabecalho(ap) if "Heteroidentificação" in x]
    assert "segue concorrendo às vagas de ampla concorrência" in linha and artigo in linha

    eliminado = replace(ap.regras, comissao=replace(comissao, nao_reconhecido="eliminado"))
    [linha] = [x for x in cabecalho(replace(ap, regras=eliminado)) if "Heteroidentificação" in x]
    assert "é eliminado do concurso" in linha and artigo in linha
    assert "ampla" not in linha


def test_certame_sob_a_lei_revogada_cita_a_transicao_da_nova(tmp_path: Path) -> None:
    origem = RAIZ / "tests" / "motor" / "cenarios" / "lei_4016_com_parametros_informados.toml"
    import tomllib

    dados = tomllib.loads(origem.read_text(encoding="utf-8"))
    parametros = "\n".join(
        f'"{nome}" = {{ valor = {_toml(p["valor"])}, justificativa = "{p["justificativa"]}" }}'
        for nome, p in dados["parametros_lei"].items()
    )
    (tmp_path / "candidatos.csv").write_text(
        "inscricao;nome;cargo;nota;situacao;cor_raca;reserva_negros;pcd;data_nascimento\n"
        "1;Ana;AUX;8;aprovado;parda;sim;nao;1990-01-01\n",
        encoding="utf-8",
    )
    (tmp_path / "cenario.toml").write_text(
        '[certame]\nnome = "C"\nlei = "montenegro-rs/lei-4016-2004"\ndata_edital = 2020-05-01\n'
        'tipo = "concurso_publico"\ncandidatos = "candidatos.csv"\n\n'
        f"[parametros_lei]\n{parametros}\n\n"
        '[[cargos]]\ncodigo = "AUX"\nnome = "Auxiliar"\nvagas = 1\n',
        encoding="utf-8",
    )
    ap = apurar_cenario(ler_cenario(tmp_path / "cenario.toml"))
    assert "Lei 7.344/2025 de Montenegro/RS, art. 17" in cabecalho(ap)[0]


def _toml(valor: object) -> str:
    if isinstance(valor, bool):
        return "true" if valor else "false"
    if isinstance(valor, list):
        return "[" + ", ".join(_toml(v) for v in valor) + "]"
    if isinstance(valor, str):
        return f'"{valor}"'
    return str(valor)
