"""Nenhum parâmetro aceito e ignorado: cada parâmetro registrado é lido pelo motor (e outro
valor muda um resultado) ou só admite o valor que o motor implementa (e outro é recusado com o
nome do parâmetro, o valor dado e o suportado)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest

from cotas.motor.candidatos import Candidato, CorRaca, Heteroidentificacao
from cotas.motor.certame import Certame, ProcedimentoAdministrativo
from cotas.motor.comissao import (
    Integrante,
    conferir_recurso,
    decidir_verificacao,
    problemas_da_composicao,
)
from cotas.motor.erros import ErroCotas, LeiInvalida
from cotas.motor.legislacao import (
    ESPECIFICACOES,
    ESPECIFICACOES_DO_GRUPO,
    Catalogo,
    Especificacao,
    carregar_lei,
    catalogo_padrao,
    montar_catalogo,
)
from cotas.motor.regras import Regras, regras_aplicaveis
from cotas.motor.reserva import calcular_reserva

NEGROS = "negros"  # o grupo que as leis do teste declaram

LEI = "montenegro-rs/lei-7344-2025"
EDITAL = date(2025, 6, 10)


def catalogo_com(nome: str, valor: object) -> Catalogo:
    """O catálogo padrão com outro valor (já validado) para um parâmetro da Lei 7.344/2025."""
    catalogo = catalogo_padrao()
    lei = catalogo.lei(LEI)
    parametro = lei.parametros[nome]
    novo = replace(parametro, valores=tuple(replace(v, valor=valor) for v in parametro.valores))
    leis = tuple(
        replace(x, parametros={**x.parametros, nome: novo}) if x.id == LEI else x
        for x in catalogo.leis
    )
    return Catalogo(leis)


def regras(nome: str, valor: object, tipo: str = "concurso_publico") -> Regras:
    return regras_aplicaveis(catalogo_com(nome, valor), lei_id=LEI, data_edital=EDITAL, tipo=tipo)


def pessoa(insc: str, nota: int, cor: CorRaca, parecer: Heteroidentificacao | None) -> Candidato:
    return Candidato(
        insc,
        insc,
        "C",
        Decimal(nota),
        cor_raca=cor,
        reservas=frozenset({"negros"} if (cor is not CorRaca.BRANCA) else ()),
        verificacoes=((("negros", parecer),) if (parecer) is not None else ()),
    )


BRANCOS = [pessoa(f"B{i}", 90 - i, CorRaca.BRANCA, None) for i in range(5)]


def reservadas(r: Regras, lotes: list[int]) -> int:
    return calcular_reserva(r, lotes).reservadas.get(NEGROS, 0)


def desfecho(funcao: Callable[[], object]) -> object:
    """O resultado, ou o tipo do erro do motor."""
    try:
        return funcao()
    except ErroCotas as erro:
        return type(erro).__name__


def anular_n1(r: Regras) -> object:
    n1 = pessoa("N1", 50, CorRaca.PARDA, Heteroidentificacao.CONFIRMADO)
    certame = Certame(r, {"C": 3}, [*BRANCOS, n1])
    certame.abrir()
    procedimento = ProcedimentoAdministrativo(EDITAL, None, EDITAL, "Prefeito Municipal")
    return [n.inscricao for n in certame.anulacao(EDITAL, "N1", procedimento)]


def geral_com_nao_reconhecido(r: Regras) -> list[str]:
    n1 = pessoa("N1", 50, CorRaca.PARDA, Heteroidentificacao.NAO_CONFIRMADO)
    return [c.inscricao for c in Certame(r, {"C": 3}, [*BRANCOS, n1]).listas("C").geral]


def nomeia_com_parecer_pendente(r: Regras) -> object:
    n1 = pessoa("N1", 50, CorRaca.PARDA, Heteroidentificacao.PENDENTE)
    return len(Certame(r, {"C": 3}, [*BRANCOS, n1]).abrir())


def lista_de_negros(r: Regras) -> list[str]:
    pardo = pessoa("N1", 50, CorRaca.PARDA, Heteroidentificacao.CONFIRMADO)
    preto = pessoa("N2", 40, CorRaca.PRETA, Heteroidentificacao.CONFIRMADO)
    listas = Certame(r, {"C": 3}, [*BRANCOS, pardo, preto]).listas("C")
    return [c.inscricao for c in listas.reservadas[NEGROS]]


# parâmetro lido -> (valor da lei, outro valor, o resultado que muda)
EXPERIMENTOS: dict[str, tuple[object, object, Callable[[str, object], object]]] = {
    "abrangencia": (
        ("concurso_publico", "contratacao_temporaria"),
        ("concurso_publico",),
        lambda n, v: desfecho(lambda: regras(n, v, "contratacao_temporaria").tipo),
    ),
    "negros.percentual": ("20", "30", lambda n, v: reservadas(regras(n, v), [10])),
    "negros.limiar_vagas": (3, 5, lambda n, v: reservadas(regras(n, v), [3])),
    "negros.arredondamento": (
        "meio_para_cima",
        "cima",
        lambda n, v: reservadas(regras(n, v), [12]),
    ),
    "negros.fracao_entre_lotes": (
        "total_acumulado",
        "por_lote",
        lambda n, v: reservadas(regras(n, v), [3, 3]),
    ),
    "negros.cores": (("preta", "parda"), ("preta",), lambda n, v: lista_de_negros(regras(n, v))),
    "falsidade.anulacao": (True, False, lambda n, v: desfecho(lambda: anular_n1(regras(n, v)))),
    "heteroidentificacao.exigida": (
        True,
        False,
        lambda n, v: desfecho(lambda: nomeia_com_parecer_pendente(regras(n, v))),
    ),
    # (o tamanho da comissão que a aplicação web exige para votar)
    "heteroidentificacao.membros": (3, 5, lambda n, v: regras(n, v).comissao.membros),  # type: ignore[union-attr]
    "heteroidentificacao.nao_reconhecido": (
        "ampla",
        "eliminado",
        lambda n, v: geral_com_nao_reconhecido(regras(n, v)),
    ),
}


# Lidos pelo motor e provados com uma lei de vários grupos (tests/motor/test_grupos.py): a
# migração entre grupos, a verificação documental e quem é de vários grupos.
PROVADOS_EM_TEST_GRUPOS = {
    "negros.reversao",
    "negros.verificacao",
    "grupos.candidato_em_varios",
    "grupos.percentual_total",
    # (e os órgãos abrangidos por tipo de seleção: tests/motor/test_abrangencia.py)
    "orgaos.concurso_publico",
    "orgaos.contratacao_temporaria",
    "orgaos.estagio",
    # (e os critérios além da cor: tests/cli/test_elegibilidade.py, o mínimo de anos que muda
    # a lista reservada)
    "negros.elegibilidade",
}


def _todas() -> dict[str, Especificacao]:
    """As gerais e as de um grupo (com o nome do grupo das leis dos testes)."""
    do_grupo = {f"{NEGROS}.{chave}": e for chave, e in ESPECIFICACOES_DO_GRUPO.items()}
    return {**ESPECIFICACOES, **do_grupo}


def _decide(r: Regras, votos: Sequence[bool | None], filmagem: bool = False) -> object:
    assert r.comissao is not None
    return desfecho(
        lambda: (
            decidir_verificacao(
                r.comissao,  # type: ignore[arg-type]
                compareceu=True,
                recusou_filmagem=filmagem,
                recusou_perguntas=False,
                votos=votos,
            ).resultado
        )
    )


def _problemas(r: Regras, integrantes: list[Integrante]) -> int:
    assert r.comissao is not None
    return len(problemas_da_composicao(r.comissao, integrantes))


def geral_com_quem_recusou_a_filmagem(r: Regras) -> list[str]:
    n1 = pessoa("N1", 50, CorRaca.PARDA, Heteroidentificacao.RECUSOU_FILMAGEM)
    return [c.inscricao for c in Certame(r, {"C": 3}, [*BRANCOS, n1]).listas("C").geral]


def _recurso(r: Regras, recorrente: str, interposto: date) -> object:
    assert r.comissao is not None
    return desfecho(
        lambda: conferir_recurso(
            r.comissao,  # type: ignore[arg-type]
            recorrente=recorrente,
            interposto_em=interposto,
            sessao=date(2025, 7, 1),
        )
    )


MESMO_GENERO = [
    Integrante("A", "feminino", "preta"),
    Integrante("B", "feminino", "parda"),
    Integrante("C", "feminino", "branca"),
]
EXPERIMENTOS.update(
    {
        "heteroidentificacao.decisao": (
            "maioria",
            "unanimidade",
            lambda n, v: _decide(regras(n, v), [True, True, False]),
        ),
        "heteroidentificacao.decisao_base": (
            "membros",
            "votos",
            lambda n, v: _decide(regras(n, v), [True, None, None]),
        ),
        "heteroidentificacao.composicao_distribuida": (
            ("genero", "cor"),
            ("cor",),
            lambda n, v: _problemas(regras(n, v), MESMO_GENERO),
        ),
        "heteroidentificacao.registro_audiovisual": (
            True,
            False,
            lambda n, v: _decide(regras(n, v), [], filmagem=True),
        ),
        "heteroidentificacao.recusa_filmagem": (
            "ampla",
            "eliminado",
            lambda n, v: geral_com_quem_recusou_a_filmagem(regras(n, v)),
        ),
        "heteroidentificacao.recorrentes": (
            ("candidato", "terceiro"),
            ("candidato",),
            lambda n, v: _recurso(regras(n, v), "terceiro", date(2025, 7, 2)),
        ),
    }
)


# Parâmetros lidos que a Lei 7.344/2025 não traz: experimentados em outra lei do catálogo ou
# numa lei de teste (`tests/motor/leis/`), com as lacunas informadas.
OURO_PRETO = "ouro-preto-mg/lei-1274-2022"
TESTE_PRAZO = "unanimidade-presentes.toml"


def regras_de(lei_id: str, nome: str, valor: object, **informados: object) -> Regras:
    from tests.motor.test_comissao_como_dado import LACUNAS_OURO_PRETO, LEIS_DE_TESTE

    if lei_id == OURO_PRETO:
        catalogo = catalogo_padrao()
        data, informados = date(2026, 3, 1), {**LACUNAS_OURO_PRETO, **informados}
    else:
        texto = (LEIS_DE_TESTE / lei_id).read_text(encoding="utf-8")
        catalogo = montar_catalogo([carregar_lei(texto, lei_id)])
        data, lei_id = date(2025, 1, 1), catalogo.leis[0].id
    lei = catalogo.lei(lei_id)
    parametro = lei.parametros[nome]
    novo = replace(parametro, valores=tuple(replace(v, valor=valor) for v in parametro.valores))
    leis = tuple(
        replace(x, parametros={**x.parametros, nome: novo}) if x.id == lei_id else x
        for x in catalogo.leis
    )
    return regras_aplicaveis(Catalogo(leis), lei_id=lei_id, data_edital=data, informados=informados)


SEIS = [Integrante(f"M{i}", "feminino", c) for i, c in enumerate(["preta"] * 2 + ["branca"] * 4)]
EXPERIMENTOS_EM_OUTRA_LEI: dict[
    str, tuple[str, object, object, Callable[[str, object], object]]
] = {
    "heteroidentificacao.decisao_percentual": (
        OURO_PRETO,
        "75",
        "60",
        lambda n, v: _decide(regras_de(OURO_PRETO, n, v), [True] * 4 + [False] * 2),
    ),
    "heteroidentificacao.composicao_minimo": (
        OURO_PRETO,
        "50",
        "30",
        lambda n, v: _problemas(regras_de(OURO_PRETO, n, v), SEIS),
    ),
    "heteroidentificacao.composicao_minimo_cores": (
        OURO_PRETO,
        ("preta", "parda"),
        ("preta", "branca"),
        lambda n, v: _problemas(regras_de(OURO_PRETO, n, v), SEIS),
    ),
    "negros.percentual_minimo": (
        OURO_PRETO,
        True,
        False,
        lambda n, v: desfecho(
            lambda: (
                regras_de(
                    OURO_PRETO, n, v, **{"negros.percentual": {"valor": "30", "justificativa": "x"}}
                )
                .grupo(NEGROS)  # type: ignore[union-attr]
                .percentual
            )
        ),
    ),
    "heteroidentificacao.recurso_prazo_dias": (
        TESTE_PRAZO,
        3,
        1,
        lambda n, v: _recurso(regras_de(TESTE_PRAZO, n, v), "candidato", date(2025, 7, 3)),
    ),
}


def test_cada_parametro_e_lido_pelo_motor_ou_restrito_ao_que_ele_implementa() -> None:
    for nome, espec in _todas().items():
        assert espec.lido_pelo_motor != bool(espec.valores_suportados), nome
    lidos = {nome for nome, espec in _todas().items() if espec.lido_pelo_motor}
    assert set(EXPERIMENTOS).isdisjoint(EXPERIMENTOS_EM_OUTRA_LEI)
    assert set(EXPERIMENTOS) | set(EXPERIMENTOS_EM_OUTRA_LEI) | PROVADOS_EM_TEST_GRUPOS == lidos


@pytest.mark.parametrize("nome", sorted(EXPERIMENTOS))
def test_parametro_lido_muda_o_resultado(nome: str) -> None:
    da_lei, outro, resultado = EXPERIMENTOS[nome]
    atual = catalogo_padrao().lei(LEI).parametros[nome].valores[0].valor
    assert atual == da_lei
    assert resultado(nome, da_lei) != resultado(nome, outro)


@pytest.mark.parametrize("nome", sorted(EXPERIMENTOS_EM_OUTRA_LEI))
def test_parametro_lido_em_outra_lei_muda_o_resultado(nome: str) -> None:
    from tests.motor.test_comissao_como_dado import LEIS_DE_TESTE

    lei_id, da_lei, outro, resultado = EXPERIMENTOS_EM_OUTRA_LEI[nome]
    if lei_id == OURO_PRETO:
        lei = catalogo_padrao().lei(lei_id)
    else:
        lei = carregar_lei((LEIS_DE_TESTE / lei_id).read_text(encoding="utf-8"), lei_id)
    assert lei.parametros[nome].valores[0].valor == da_lei
    assert resultado(nome, da_lei) != resultado(nome, outro)


def _outro_valor(suportados: tuple[object, ...]) -> object:
    return False if suportados == (True,) else "outro_valor"


@pytest.mark.parametrize("nome", sorted(n for n, e in _todas().items() if e.valores_suportados))
def test_parametro_restrito_recusa_outro_valor(nome: str) -> None:
    from tests.motor.test_legislacao import COMPLETOS, lei

    espec = _todas()[nome]
    outro = _outro_valor(espec.valores_suportados)
    toml = "false" if outro is False else f'"{outro}"'
    # (o carregador confere cada valor ao lê-lo, antes de procurar os que faltam)
    texto = lei(**{nome: toml})
    assert nome in COMPLETOS or espec.so_com_comissao or not espec.obrigatorio
    with pytest.raises(LeiInvalida) as info:
        carregar_lei(texto, "teste.toml")
    mensagem = str(info.value)
    assert nome in mensagem and toml in mensagem, mensagem
    suportado = espec.valores_suportados[0]
    assert ("true" if suportado is True else f'"{suportado}"') in mensagem, mensagem


def test_parametro_restrito_informado_pelo_operador_tambem_e_recusado() -> None:
    from tests.motor.cenarios_legais import PASTA, dados

    informados = dict(dados(PASTA / "lei_4016_com_parametros_informados.toml")["parametros_lei"])
    informados["negros.concorrencia_concomitante"] = {"valor": False, "justificativa": "x"}
    with pytest.raises(LeiInvalida, match=r"negros\.concorrencia_concomitante.*false.*true"):
        regras_aplicaveis(
            catalogo_padrao(),
            lei_id="montenegro-rs/lei-4016-2004",
            data_edital=date(2020, 5, 1),
            informados=informados,
        )
