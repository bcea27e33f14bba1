"""Cada vaga cita o dispositivo que a faz existir, e só ele."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from cotas.motor.candidatos import Candidato, CorRaca
from cotas.motor.certame import Certame
from cotas.motor.legislacao import catalogo_padrao
from cotas.motor.regras import ParametrosPcd, regras_aplicaveis


def pessoa(insc: str, nota: int, cor: CorRaca = CorRaca.BRANCA, pcd: bool = False) -> Candidato:
    return Candidato(
        insc,
        insc,
        "C",
        Decimal(nota),
        cor_raca=cor,
        reservas=frozenset({"negros"} if (cor is CorRaca.PRETA) else ()),
        pcd=pcd,
    )


def artigos(razao: object) -> list[str]:
    return [f.citacao() for f in razao.fundamentos]  # type: ignore[attr-defined]


def test_reservada_que_existe_porque_novas_vagas_cruzaram_o_limiar_cita_o_limiar() -> None:
    """Mostardas: 2 vagas no edital (sem reserva), mais 1 nova: com 3, a reserva se aplica e a
    3ª vaga, reservada, cita o art. 5º, § 4º (o limiar), lido dos dados da lei."""
    regras = regras_aplicaveis(
        catalogo_padrao(), municipio="Mostardas/RS", data_edital=date(2023, 3, 1)
    )
    limiar = regras.grupo("negros").ref("limiar")[0].citacao()  # type: ignore[union-attr]
    assert "5º, § 4º" in limiar
    candidatos = [pessoa("A1", 90), pessoa("A2", 80), pessoa("N1", 70, CorRaca.PRETA)]
    certame = Certame(regras, {"C": 2}, candidatos)
    certame.abrir()
    [nova] = certame.ofertar_vagas("C", 1, date(2023, 6, 1), "Lei cria 1 cargo")
    assert nova.vaga == 3 and nova.modalidade == "negros"
    assert limiar in artigos(nova.razao)
    assert limiar in artigos(certame.vagas("C")[2].razao)


def test_reservada_do_edital_cita_o_minimo_de_vagas_e_a_ampla_acima_dele_nao() -> None:
    """A reserva só existe porque as vagas chegaram ao mínimo da lei (issue 20, item 5: a razão
    da vaga reservada cita o artigo do mínimo); a vaga de ampla acima do mínimo não o invoca."""
    regras = regras_aplicaveis(
        catalogo_padrao(), municipio="Mostardas/RS", data_edital=date(2023, 3, 1)
    )
    limiar = regras.grupo("negros").ref("limiar")[0].citacao()  # type: ignore[union-attr]
    certame = Certame(regras, {"C": 3}, [pessoa("A1", 90), pessoa("N1", 70, CorRaca.PRETA)])
    certame.abrir()
    vagas = certame.vagas("C")
    assert vagas[2].reservada_para == "negros"
    assert artigos(vagas[2].razao).count(limiar) == 1
    assert limiar not in artigos(vagas[0].razao)


def test_vaga_pcd_nao_invoca_a_regra_racial_de_nao_computar_os_da_ampla() -> None:
    """A regra de não computar na reserva os aprovados nas vagas de ampla é da reserva a negros
    (a concorrência concomitante): a vaga de PcD não a cita nem a afirma como fundamento."""
    regras = regras_aplicaveis(
        catalogo_padrao(),
        municipio="Montenegro/RS",
        data_edital=date(2025, 6, 10),
        pcd=ParametrosPcd(),
    )
    racial = regras.grupo("negros").ref("concorrencia")[0]  # type: ignore[union-attr]
    candidatos = [pessoa(f"B{i}", 90 - i) for i in range(6)] + [pessoa("P1", 10, pcd=True)]
    certame = Certame(regras, {"C": 5}, candidatos)
    certame.abrir()
    [pcd] = [n for n in certame.nomeacoes("C") if n.modalidade == "pcd"]
    assert racial.citacao() not in artigos(pcd.razao)
    assert "não são computados" not in pcd.razao.texto


def test_certame_sob_a_lei_revogada_cita_a_regra_de_transicao_da_nova() -> None:
    """Um edital anterior à Lei 7.344/2025 segue a Lei 4.016/2004 por força do art. 17 da nova
    (que não se aplica a editais publicados antes): o certame cita esse artigo, dos dados."""
    from tests.motor.cenarios_legais import PASTA, dados

    parametros = dados(PASTA / "lei_4016_com_parametros_informados.toml")["parametros_lei"]
    regras = regras_aplicaveis(
        catalogo_padrao(),
        lei_id="montenegro-rs/lei-4016-2004",
        data_edital=date(2020, 5, 1),
        informados=parametros,
    )
    citacoes = [r.citacao() for r in regras.fundamentos_da_lei_aplicavel()]
    assert "Lei 7.344/2025 de Montenegro/RS, art. 17" in citacoes
    nova = regras_aplicaveis(
        catalogo_padrao(), municipio="Montenegro/RS", data_edital=date(2025, 6, 10)
    )
    assert [r.citacao() for r in nova.fundamentos_da_lei_aplicavel()] == [
        nova.lei.referencia_vigencia.citacao()
    ]


def test_memoria_da_reserva_cita_o_limiar_cruzado_pelas_novas_vagas_e_a_fracao_certa() -> None:
    regras = regras_aplicaveis(
        catalogo_padrao(), municipio="Mostardas/RS", data_edital=date(2023, 3, 1)
    )
    from cotas.motor.reserva import calcular_reserva

    limiar = regras.grupo("negros").ref("limiar")[0]  # type: ignore[union-attr]
    cruzou = calcular_reserva(regras, [2, 1])
    assert limiar in cruzou.razoes["negros"].fundamentos
    assert "As novas vagas levaram o total oferecido ao mínimo de 3" in cruzou.memoria[1]
    acima = calcular_reserva(regras, [3, 1])
    assert limiar not in acima.razoes["negros"].fundamentos


def test_memoria_da_fracao_por_lote_nao_diz_total_acumulado() -> None:
    from dataclasses import replace

    from cotas.motor.regras import FracaoEntreLotes
    from cotas.motor.reserva import calcular_reserva

    regras = regras_aplicaveis(
        catalogo_padrao(), municipio="Montenegro/RS", data_edital=date(2025, 6, 10)
    )
    negros = replace(regras.grupos[0], fracao_entre_lotes=FracaoEntreLotes.POR_LOTE)
    por_lote = replace(regras, grupos=(negros,))
    memoria = " ".join(calcular_reserva(por_lote, [3, 3]).memoria)
    assert "total acumulado" not in memoria and "em cada lote" in memoria
