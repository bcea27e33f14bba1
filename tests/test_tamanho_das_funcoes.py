"""Funções que se leem de uma vez (issue 12, item 6): a leitura do cenário é uma função por
seção do arquivo; a criação do certame confere, descreve e registra em partes; nenhuma com
mais de ~80 linhas."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from cotas.arquivos import cenario

LIMITE = 80


def _tamanhos(modulo: object) -> dict[str, int]:
    arvore = ast.parse(inspect.getsource(modulo))  # type: ignore[arg-type]
    return {
        no.name: (no.end_lineno or no.lineno) - no.lineno + 1
        for no in ast.walk(arvore)
        if isinstance(no, ast.FunctionDef)
    }


def test_ler_cenario_e_uma_funcao_por_secao() -> None:
    tamanhos = _tamanhos(cenario)
    for secao in (
        "_ler_certame",
        "_ler_pcd",
        "_ler_cargos",
        "_ler_desempate",
        "_ler_parametros_lei",
        "_ler_eventos",
        "_ler_lista",
    ):
        assert secao in tamanhos, secao
    assert tamanhos["ler_cenario"] <= LIMITE, tamanhos["ler_cenario"]


def test_criar_um_certame_confere_descreve_e_registra_em_partes() -> None:
    from cotas_web.certames import services

    tamanhos = _tamanhos(services)
    assert {"_conferir_escolhas", "_descricao_da_criacao"} <= set(tamanhos)
    assert tamanhos["certame_criar"] <= LIMITE, tamanhos["certame_criar"]


def test_o_cabecalho_da_lista_le_cada_titulo_e_depois_confere_o_que_falta() -> None:
    from cotas.arquivos import candidatos

    tamanhos = _tamanhos(candidatos)
    assert {"_coluna_do_titulo", "_conferir_colunas"} <= set(tamanhos)
    assert tamanhos["_ler_cabecalho"] <= LIMITE, tamanhos["_ler_cabecalho"]


def test_a_reserva_escreve_a_memoria_de_cada_grupo_a_parte() -> None:
    from cotas.motor import reserva

    tamanhos = _tamanhos(reserva)
    assert "_linha_do_grupo" in tamanhos
    assert tamanhos["calcular_reserva"] <= LIMITE, tamanhos["calcular_reserva"]


def test_o_desligamento_separa_o_final_de_fila_a_exclusao_e_a_vaga_sem_recomposicao() -> None:
    from cotas.motor import certame

    tamanhos = _tamanhos(certame)
    assert {"_para_o_final_da_fila", "_excluir", "_vaga_sem_recomposicao"} <= set(tamanhos)
    assert tamanhos["desligar"] <= LIMITE, tamanhos["desligar"]


# A regra, para todo `src/` (issue 22): nenhuma função com mais de LIMITE linhas, da linha do
# `def` à última (os decoradores não contam). O ruff (C901, PLR0915 no pyproject.toml) pega
# antes a que ramifica ou faz demais; este pega a que só é comprida.
SRC = Path(__file__).resolve().parents[1] / "src"


def _funcoes_longas(raiz: Path) -> list[str]:
    longas = []
    for arquivo in sorted(raiz.rglob("*.py")):
        relativo = arquivo.relative_to(raiz).as_posix()
        for no in ast.walk(ast.parse(arquivo.read_text(encoding="utf-8"))):
            if isinstance(no, ast.FunctionDef | ast.AsyncFunctionDef):
                linhas = (no.end_lineno or no.lineno) - no.lineno + 1
                if linhas > LIMITE:
                    longas.append(f"{relativo}: {no.name} ({linhas} linhas, desde a {no.lineno})")
    return longas


def test_nenhuma_funcao_de_src_passa_de_80_linhas() -> None:
    longas = _funcoes_longas(SRC)
    assert not longas, f"funções com mais de {LIMITE} linhas:\n" + "\n".join(longas)


def test_a_regra_acha_a_funcao_longa(tmp_path: Path) -> None:
    corpo = "".join(f"    x{i} = {i}\n" for i in range(LIMITE))  # o `def` e mais LIMITE linhas
    (tmp_path / "modulo.py").write_text(f"def longa():\n{corpo}\n\ndef curta():\n    pass\n")
    assert _funcoes_longas(tmp_path) == [f"modulo.py: longa ({LIMITE + 1} linhas, desde a 1)"]
