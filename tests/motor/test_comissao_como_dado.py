"""A comissão como dado da lei: composição, regra de decisão (maioria, fração dos membros,
unanimidade; sobre membros, presentes ou votos), filmagem e recursos, com os artigos da lei.

Ouro Preto/MG (Lei 1.274/2022, art. 1º, §§ 2º e 3º) e duas leis de teste (`tests/motor/leis/`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from cotas.motor.candidatos import Candidato, CorRaca, Heteroidentificacao
from cotas.motor.certame import Certame
from cotas.motor.comissao import (
    Integrante,
    conferir_composicao,
    conferir_recurso,
    decidir_verificacao,
    problemas_da_composicao,
)
from cotas.motor.erros import ComissaoInvalida, LeiInvalida
from cotas.motor.legislacao import carregar_lei, catalogo_padrao, montar_catalogo
from cotas.motor.regras import ParametrosPcd, RegraComissao, Regras, regras_aplicaveis
from cotas.motor.reserva import calcular_reserva

NEGROS = "negros"  # o grupo que as leis dos testes declaram

OURO_PRETO = "ouro-preto-mg/lei-1274-2022"
LEIS_DE_TESTE = Path(__file__).parent / "leis"


def _j(valor: object) -> dict[str, object]:
    return {"valor": valor, "justificativa": "Edital nº 1/2026"}


# As lacunas do texto lido de Ouro Preto (art. 2º em diante), informadas pelo edital.
LACUNAS_OURO_PRETO = {
    "negros.fracao_entre_lotes": _j("total_acumulado"),
    "negros.concorrencia_concomitante": _j(True),
    "negros.desistencia": _j("proximo_da_mesma_lista"),
    "negros.reversao": _j("ampla"),
    "ordem.alternancia_proporcionalidade": _j(True),
    "falsidade.anulacao": _j(False),
    "heteroidentificacao.momento": _j("aprovados_antes_da_homologacao"),
    "heteroidentificacao.posse_apos_parecer": _j(True),
    "heteroidentificacao.recursos": _j(True),
    "heteroidentificacao.recorrentes": _j(["candidato"]),
    "heteroidentificacao.recurso_prazo_dias": _j(2),
    "heteroidentificacao.registro_audiovisual": _j(True),
    "heteroidentificacao.recusa_filmagem": _j("eliminado"),
    "heteroidentificacao.nao_reconhecido": _j("ampla"),
}


def regras_ouro_preto(**mais: object) -> Regras:
    return regras_aplicaveis(
        catalogo_padrao(),
        lei_id=OURO_PRETO,
        data_edital=date(2026, 3, 1),
        informados={**LACUNAS_OURO_PRETO, **mais},
    )


def comissao_ouro_preto() -> RegraComissao:
    regra = regras_ouro_preto().comissao
    assert regra is not None
    return regra


def comissao_de_teste(arquivo: str) -> RegraComissao:
    lei = carregar_lei((LEIS_DE_TESTE / arquivo).read_text(encoding="utf-8"), arquivo)
    regras = regras_aplicaveis(montar_catalogo([lei]), lei_id=lei.id, data_edital=date(2025, 1, 1))
    assert regras.comissao is not None
    return regras.comissao


def analisar(regra: RegraComissao, votos: Sequence[bool | None]) -> tuple[str, str, list[str]]:
    d = decidir_verificacao(
        regra, compareceu=True, recusou_filmagem=False, recusou_perguntas=False, votos=votos
    )
    return d.resultado, d.razao, [r.artigo for r in d.fundamentos]


def test_ouro_preto_75_por_cento_dos_membros_4_de_6_nao_bastam_5_bastam() -> None:
    regra = comissao_ouro_preto()
    assert regra.membros == 6
    resultado, razao, artigos = analisar(regra, [True] * 4 + [False] * 2)
    assert resultado == "nao_confirmado"
    assert "75% dos membros da comissão" in razao and "4 de 6" in razao
    assert "art. 1º, § 3º" in artigos
    resultado, razao, artigos = analisar(regra, [True] * 5 + [False])
    assert resultado == "confirmado" and "5 de 6" in razao
    assert artigos == ["art. 1º, § 3º"]


def test_ouro_preto_conta_sobre_os_membros_nao_sobre_os_presentes() -> None:
    """Com um membro ausente, 4 de 5 presentes (80%) ainda são 4 de 6 membros: não basta."""
    assert analisar(comissao_ouro_preto(), [True] * 4 + [False])[0] == "nao_confirmado"
    assert analisar(comissao_ouro_preto(), [True] * 5)[0] == "confirmado"


def _integrantes(cores: list[str], generos: list[str] | None = None) -> list[Integrante]:
    generos = generos or ["feminino", "masculino"] * len(cores)
    return [Integrante(f"M{i}", g, c) for i, (c, g) in enumerate(zip(cores, generos, strict=False))]


def test_ouro_preto_recusa_comissao_com_menos_de_metade_negros_ou_pardos() -> None:
    regra = comissao_ouro_preto()
    duas = _integrantes(["preta", "parda", "branca", "branca", "branca", "amarela"])
    with pytest.raises(ComissaoInvalida) as erro:
        conferir_composicao(regra, duas)
    mensagem = str(erro.value)
    assert "pelo menos 3 de 6" in mensagem and "tem 2" in mensagem
    assert "Lei 1.274/2022 de Ouro Preto/MG, art. 1º, § 2º" in mensagem
    tres = _integrantes(["preta", "parda", "parda", "branca", "branca", "amarela"])
    assert problemas_da_composicao(regra, tres) == []


def test_composicao_incompleta_so_e_recusada_quando_nada_mais_a_corrige() -> None:
    regra = comissao_ouro_preto()
    # 3 brancos e ainda 3 vagas: dá para chegar a 3 negros ou pardos
    assert problemas_da_composicao(regra, _integrantes(["branca"] * 3), completa=False) == []
    # 4 brancos e 2 vagas: não dá mais
    (problema,) = problemas_da_composicao(regra, _integrantes(["branca"] * 4), completa=False)
    assert "pelo menos 3 de 6" in problema and "art. 1º, § 2º" in problema
    # a comissão incompleta não vota
    (problema,) = problemas_da_composicao(regra, _integrantes(["preta"] * 5))
    assert "tem 5 integrantes; a lei manda 6" in problema


def test_montenegro_recusa_comissao_sem_distribuicao_por_genero_e_cor() -> None:
    regras = regras_aplicaveis(
        catalogo_padrao(), lei_id="montenegro-rs/lei-7344-2025", data_edital=date(2025, 6, 10)
    )
    assert regras.comissao is not None
    mesmos = _integrantes(["parda"] * 3, ["feminino"] * 3)
    problemas = problemas_da_composicao(regras.comissao, mesmos)
    assert len(problemas) == 2
    assert all("art. 4º" in p for p in problemas)
    assert "gênero" in problemas[0] and "cor" in problemas[1]
    ok = _integrantes(["parda", "preta", "branca"], ["feminino", "masculino", "feminino"])
    assert problemas_da_composicao(regras.comissao, ok) == []


def test_unanimidade_dos_presentes() -> None:
    regra = comissao_de_teste("unanimidade-presentes.toml")
    assert analisar(regra, [True, True, True])[0] == "confirmado"  # 2 ausentes
    resultado, razao, artigos = analisar(regra, [True, True, True, True, False])
    assert resultado == "nao_confirmado" and "unanimidade dos membros presentes" in razao
    assert "é eliminado do concurso" in razao and artigos == ["art. 8º", "art. 11"]
    # abster-se, presente, é não acompanhar a unanimidade dos presentes
    assert analisar(regra, [True, True, None])[0] == "nao_confirmado"


def test_maioria_simples_dos_votos_dados() -> None:
    regra = comissao_de_teste("maioria-votos.toml")
    # 2 a favor, 1 contra, 2 abstenções: maioria dos votos dados (não dos 5 membros)
    resultado, razao, _ = analisar(regra, [True, True, False, None, None])
    assert resultado == "confirmado" and "2 de 3 votos dados" in razao
    assert analisar(regra, [True, False, None, None, None])[0] == "nao_confirmado"
    with pytest.raises(ComissaoInvalida, match=r"Nenhum voto a contar.*art\. 8º"):
        analisar(regra, [None, None])


def test_filmagem_e_destino_de_quem_a_recusa_vem_da_lei() -> None:
    com_filmagem = comissao_de_teste("maioria-votos.toml")
    d = decidir_verificacao(
        com_filmagem, compareceu=True, recusou_filmagem=True, recusou_perguntas=False, votos=[]
    )
    assert d.resultado == "recusou_filmagem" and "ampla concorrência" in d.razao
    assert [r.artigo for r in d.fundamentos] == ["art. 10, parágrafo único"]
    sem_filmagem = comissao_de_teste("unanimidade-presentes.toml")
    with pytest.raises(ComissaoInvalida, match=r"não prevê filmagem.*art\. 10"):
        decidir_verificacao(
            sem_filmagem,
            compareceu=True,
            recusou_filmagem=True,
            recusou_perguntas=False,
            votos=[],
        )
    # em Ouro Preto (informado): recusa elimina; não reconhecido segue na ampla
    regra = comissao_ouro_preto()
    assert regra.elimina("recusou_filmagem") and not regra.elimina("nao_confirmado")


def test_recurso_quem_pode_e_em_que_prazo() -> None:
    regra = comissao_de_teste("unanimidade-presentes.toml")
    sessao = date(2025, 3, 10)
    conferir_recurso(regra, recorrente="candidato", interposto_em=date(2025, 3, 13), sessao=sessao)
    with pytest.raises(ComissaoInvalida) as erro:
        conferir_recurso(
            regra, recorrente="terceiro", interposto_em=date(2025, 3, 14), sessao=sessao
        )
    mensagem = str(erro.value)
    assert "recorre só o próprio candidato" in mensagem
    assert "fora do prazo de 3 dias" in mensagem and "13/03/2025" in mensagem
    assert "art. 9º" in mensagem and "art. 9º, parágrafo único" in mensagem
    # a lei que não fixa prazo (Montenegro) não recusa pela data
    regras = regras_aplicaveis(
        catalogo_padrao(), lei_id="montenegro-rs/lei-7344-2025", data_edital=date(2025, 6, 10)
    )
    assert regras.comissao is not None
    conferir_recurso(
        regras.comissao, recorrente="terceiro", interposto_em=date(2026, 1, 1), sessao=sessao
    )


def test_ouro_preto_sem_as_lacunas_informadas_pede_cada_uma() -> None:
    from cotas.motor.erros import ParametrosDesconhecidos

    with pytest.raises(ParametrosDesconhecidos) as erro:
        regras_aplicaveis(catalogo_padrao(), lei_id=OURO_PRETO, data_edital=date(2026, 3, 1))
    assert "heteroidentificacao.nao_reconhecido" in erro.value.nomes
    assert "heteroidentificacao.decisao" not in erro.value.nomes


def test_ouro_preto_abrange_contratacao_temporaria_e_nao_estagio() -> None:
    lei = catalogo_padrao().lei(OURO_PRETO)
    abrangencia = lei.parametros["abrangencia"].valores[0].valor
    assert abrangencia == ("concurso_publico", "contratacao_temporaria")


def test_percentual_minimo_o_edital_pode_elevar_nunca_baixar() -> None:
    def reservadas(regras: Regras) -> int:
        return calcular_reserva(regras, [10]).reservadas.get(NEGROS, 0)

    assert reservadas(regras_ouro_preto()) == 2
    assert reservadas(regras_ouro_preto(**{"negros.percentual": _j("30")})) == 3
    with pytest.raises(LeiInvalida, match=r"abaixo do mínimo de 20%.*art\. 1º, caput"):
        regras_ouro_preto(**{"negros.percentual": _j("15")})


def test_percentual_fixo_nao_se_eleva() -> None:
    with pytest.raises(LeiInvalida, match="não é uma lacuna"):
        regras_aplicaveis(
            catalogo_padrao(),
            lei_id="mostardas-rs/lei-3920-2019",
            data_edital=date(2024, 1, 1),
            informados={"negros.percentual": _j("30")},
        )


def test_quem_a_comissao_elimina_sai_de_todas_as_listas() -> None:
    """Com `nao_reconhecido = eliminado`, quem falta à comissão sai de todas as listas, também da
    PcD (INTERPRETACAO.md#nao-reconhecido), e a apuração segue sem ele."""
    regras = regras_aplicaveis(
        catalogo_padrao(),
        lei_id=OURO_PRETO,
        data_edital=date(2026, 3, 1),
        informados={**LACUNAS_OURO_PRETO, "heteroidentificacao.nao_reconhecido": _j("eliminado")},
        pcd=ParametrosPcd(),
    )
    ausente = (NEGROS, Heteroidentificacao.AUSENTE)
    confirmado = (NEGROS, Heteroidentificacao.CONFIRMADO)
    candidatos = [
        Candidato("I1", "P1", "C", Decimal(90), cor_raca=CorRaca.PARDA, pcd=True,
                  reservas=frozenset({NEGROS}), verificacoes=(ausente,)),
        Candidato("I2", "P2", "C", Decimal(80), pcd=True),
        Candidato("I3", "P3", "C", Decimal(70)),
        Candidato("I4", "P4", "C", Decimal(60), cor_raca=CorRaca.PRETA,
                  reservas=frozenset({NEGROS}), verificacoes=(confirmado,)),
    ]  # fmt: skip
    certame = Certame(regras, {"C": 5}, candidatos)
    certame.apurar([])
    listas = certame.listas("C")
    assert listas.geral.inscricoes() == ["I2", "I3", "I4"]
    assert listas.reservadas["pcd"].inscricoes() == ["I2"]
    assert listas.reservadas[NEGROS].inscricoes() == ["I4"]
    assert [r.codigo for r in listas.observacoes["I1"]] == ["comissao_ausente"]
    assert sorted(n.inscricao for n in certame.nomeacoes("C")) == ["I2", "I3", "I4"]
