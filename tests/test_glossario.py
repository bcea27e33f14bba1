"""Um vocabulário só: as escolhas do Django, da linha de comando e do cenário e os nomes das
listas nos documentos e na web saem de `cotas.motor.glossario`, sem membro a mais nem a menos."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from cotas.motor import glossario as g


def _escolhas_da_cli(opcao: str) -> list[str]:
    from cotas.cli.principal import construir_parser

    parser = construir_parser()
    achadas = []
    for acao in parser._actions:
        if isinstance(acao, argparse._SubParsersAction):
            for sub in acao.choices.values():
                achadas += [a.choices for a in sub._actions if opcao in a.option_strings]
    assert achadas, opcao
    unicas = {tuple(c or ()) for c in achadas}  # (a mesma opção em cada subcomando)
    assert len(unicas) == 1, unicas
    return list(unicas.pop())


def test_cada_codigo_tem_um_rotulo() -> None:
    for tipo in g.TIPOS:
        for membro in tipo:
            assert g.ROTULOS[membro].strip(), membro
    assert set(g.ROTULOS) == {m for tipo in g.TIPOS for m in tipo}


@pytest.mark.django_db
def test_escolhas_do_django_sao_as_do_glossario() -> None:
    from cotas_web.candidatos import models as candidatos
    from cotas_web.certames import models as certames

    pares = [
        (candidatos.CorRaca, g.CorRaca),
        (candidatos.Situacao, g.Situacao),
        (candidatos.Heteroidentificacao, g.Heteroidentificacao),
        (certames.TipoSelecao, g.TipoSelecao),
        (certames.Arredondamento, g.ArredondamentoPcd),
        (certames.PrioridadeColisao, g.PrioridadeColisao),
        (certames.BaseDoLimiar, g.BaseDoLimiar),
        (certames.DuplaCondicao, g.DuplaCondicao),
    ]
    for django, motor in pares:
        assert django is motor, django  # o mesmo tipo: nenhum membro redeclarado na web
    campo = certames.Certame._meta.get_field("tipo")
    assert list(campo.choices or []) == g.escolhas(g.TipoSelecao)
    campo = candidatos.Candidato._meta.get_field("cor_raca")
    assert list(campo.choices or []) == g.escolhas(g.CorRaca)
    assert [(m.value, m.rotulo) for m in g.CorRaca] == g.escolhas(g.CorRaca)


def test_escolhas_da_linha_de_comando_sao_as_do_glossario() -> None:
    assert _escolhas_da_cli("--tipo") == g.codigos(g.TipoSelecao)
    assert _escolhas_da_cli("--pcd-arredondamento") == g.codigos(g.ArredondamentoPcd)


def test_nomes_das_listas_nos_documentos_e_na_web_sao_os_do_glossario() -> None:
    from cotas.documentos.tabelas import rotulo_lista
    from cotas.motor.legislacao import catalogo_padrao
    from cotas_web.rotulos import por_extenso
    from cotas_web.rotulos import rotulo_lista as rotulo_na_web

    catalogo_padrao()  # (os grupos das leis registram os rótulos das suas listas)
    assert "negros" in g.ROTULOS_LISTA
    for lista, rotulo in g.ROTULOS_LISTA.items():
        assert rotulo_lista(lista) == rotulo
        assert rotulo_na_web(lista) == g.no_meio_da_frase(lista)
        assert por_extenso(lista) == g.no_meio_da_frase(lista)
    assert g.no_meio_da_frase(g.PCD) == "pessoas com deficiência"
    assert (
        g.no_meio_da_frase(g.PrioridadeColisao.PCD_LEI) == "PcD primeiro, depois os grupos da lei"
    )


def test_o_cenario_aceita_os_codigos_do_glossario() -> None:
    from cotas.arquivos import cenario

    assert cenario.TipoCertame is g.TipoSelecao


def test_a_prioridade_do_cenario_aceita_os_grupos_das_leis_e_pcd(tmp_path: Path) -> None:
    from tests.arquivos.test_cenario import erros_de, montar

    extra = '[certame]\nprioridade_colisao = ["pcd", "inexistente"]\n'
    base = montar(tmp_path).read_text(encoding="utf-8").replace("[certame]\n", extra, 1)
    (tmp_path / "cenario.toml").write_text(base, encoding="utf-8")
    [erro] = [e for e in erros_de(tmp_path / "cenario.toml").erros if "prioridade" in str(e)]
    assert "negros" in erro.mensagem and "pcd" in erro.mensagem
