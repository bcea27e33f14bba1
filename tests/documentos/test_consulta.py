"""A consulta do candidato: posições, nomeação e, se ainda não, o que vem antes e por quê."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cotas.documentos.consulta import consultar, consultar_todos, resumo
from cotas.documentos.fonte import FonteDocumentos
from cotas.motor.erros import ErroCotas
from tests.hipoteses import exemplos
from tests.motor.test_colunar import certames, gemeo_em_colunas


def test_nomeado_mostra_a_vaga_e_a_lista(fonte: FonteDocumentos) -> None:
    s = consultar(fonte, "20250047")
    assert s is not None and s.nomeacao is not None
    n = s.nomeacao
    assert (n.vaga, n.modalidade, n.substitui) == (3, "negros", "20250057")
    assert s.projecao is None
    assert "nomeado(a) na vaga 3 do cargo PROF-MAT" in resumo(s)


def test_ainda_nao_nomeado_conta_quem_vem_antes(fonte: FonteDocumentos) -> None:
    # AGT-ADM: 4 vagas nomeadas; 20250150 é o 4º da lista de negros e o 9º da geral.
    s = consultar(fonte, "20250150")
    assert s is not None and s.nomeacao is None
    assert [(p.lista, p.posicao) for p in s.posicoes] == [("ampla", 9), ("negros", 4)]
    assert s.projecao is not None and s.projecao.alcancado
    # Próximas vagas: 5ª PcD (5% × 5 = 0,25 → 1, teto 20% × 5 = 1), 6ª e 7ª ampla, 8ª negros.
    assert s.projecao.antes == {"pcd": 1, "ampla": 2}
    assert (s.projecao.vaga, s.projecao.lista) == (8, "negros")
    assert "A 8ª nomeação é reservada a negros" in s.projecao.razao
    assert "Antes da sua vêm 3 nomeações (1 da lista pessoas com deficiência, 2 da lista" in resumo(
        s
    )


def test_a_proxima_e_a_unica_antes_no_singular(fonte: FonteDocumentos) -> None:
    """O resumo fala como se lê: "a sua é a próxima" (nenhuma antes), "vem 1 nomeação"."""
    proxima, depois_de_uma = consultar(fonte, "20250031"), consultar(fonte, "20250013")
    assert proxima is not None and proxima.projecao is not None
    assert depois_de_uma is not None and depois_de_uma.projecao is not None
    assert (proxima.projecao.total_antes, depois_de_uma.projecao.total_antes) == (0, 1)
    assert resumo(proxima) == (
        "Inscrição 20250031: ainda não nomeado(a). A sua é a próxima nomeação: a vaga 14, pela "
        "lista ampla concorrência."
    )
    assert "Antes da sua vem 1 nomeação (1 da lista ampla concorrência); a sua seria a vaga 15" in (
        resumo(depois_de_uma)
    )


def test_desistente_anulado_e_inexistente(fonte: FonteDocumentos) -> None:
    desistente = consultar(fonte, "20250057")
    assert desistente is not None and desistente.situacao == "Desistente (15/09/2025)"
    assert desistente.projecao is None and desistente.nomeacao is None
    anulado = consultar(fonte, "20250085")
    assert anulado is not None and anulado.situacao.startswith("Inscrição anulada")
    assert consultar(fonte, "00000000") is None


def test_projecao_nao_altera_o_certame(fonte: FonteDocumentos) -> None:
    antes = [n.inscricao for n in fonte.certame.nomeacoes("ENF")]
    consultar(fonte, "20250070")
    assert [n.inscricao for n in fonte.certame.nomeacoes("ENF")] == antes


def _fonte(certame: Any, atos: Any) -> FonteDocumentos:
    return FonteDocumentos(
        nome="Teste",
        regras=certame.regras,
        certame=certame,
        nomes_cargos={c: f"Cargo {c}" for c in certame.cargos},
        data_edital=certame.regras.data_edital,
        atos=atos,
    )


@settings(max_examples=exemplos(150), suppress_health_check=[HealthCheck.too_slow])
@given(certames(), st.booleans())
def test_consulta_de_todos_em_lote_igual_a_de_cada_uma_em_memoria(
    dados: tuple[Any, list[Any]], so_metade_publicada: bool
) -> None:
    """A consulta de todas as inscrições de uma vez (a página pública materializada), com os
    candidatos em colunas (como a web e a linha de comando os leem), dá a mesma situação que a
    consulta de uma inscrição por vez com os candidatos em memória: posições, nomeação, projeção
    e textos. `so_metade_publicada`: na web só os atos confirmados se publicam."""
    certame, evs = dados
    em_lote = gemeo_em_colunas(certame)
    try:
        certame.apurar(evs)
    except ErroCotas:
        return
    em_lote.apurar(evs)
    atos = None
    if so_metade_publicada:
        atos = {
            (cargo, n.inscricao): f"Portaria nº {k}"
            for cargo in certame.cargos
            for k, n in enumerate(certame.nomeacoes(cargo))
            if k % 2 == 0
        }
    todas = list(consultar_todos(_fonte(em_lote, atos)))
    memoria = _fonte(certame, atos)
    assert sorted(s.inscricao for s in todas) == sorted(c.inscricao for c in certame.candidatos)
    for s in todas:
        assert s == consultar(memoria, s.inscricao)
