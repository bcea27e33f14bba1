"""A lei como as telas a mostram: os grupos (rótulo, verificação, cores), a forma do campo de
cada valor que a lei deixa em aberto e os artigos dos parâmetros em vigor."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from cotas.motor.glossario import no_meio_da_frase
from cotas.motor.legislacao import Lei, especificacao_de
from cotas.motor.regras import Regras
from cotas_web.ponte.verificacao import VERIFICACAO_COMISSAO, VERIFICACAO_DOCUMENTAL

__all__ = [
    "ArtigoLei",
    "FormaDaLacuna",
    "GrupoNaTela",
    "artigos_da_lei",
    "forma_da_lacuna",
    "grupos_na_tela",
    "rotulo_do_grupo",
]


@dataclass(frozen=True)
class GrupoNaTela:
    """Um grupo da lei como as telas o mostram: o nome (a chave interna), o rótulo da lei no
    meio da frase, como ela o verifica e as cores que dão direito (vazio: sem critério de cor)."""

    nome: str
    rotulo: str
    verificacao: str
    cores: tuple[str, ...]

    @property
    def verificado(self) -> bool:
        return self.verificacao != "nenhuma"

    @property
    def por_comissao(self) -> bool:
        return self.verificacao == VERIFICACAO_COMISSAO

    @property
    def documental(self) -> bool:
        return self.verificacao == VERIFICACAO_DOCUMENTAL


@dataclass(frozen=True)
class FormaDaLacuna:
    """Como a tela pede o valor de um parâmetro que a lei deixa em aberto: o tipo do campo e,
    nos de escolha, as opções (valor, rótulo). Na reversão, cada opção é uma ordem dos outros
    grupos da lei terminada na ampla, com o valor como os códigos separados por vírgula."""

    tipo: str
    opcoes: tuple[tuple[str, str], ...] = ()


def forma_da_lacuna(lei: Lei, nome: str) -> FormaDaLacuna:
    from cotas_web.rotulos import por_extenso

    espec = especificacao_de(nome, [g.nome for g in lei.grupos])
    assert espec is not None
    forma = espec.forma
    if forma.tipo != "reversao":
        return FormaDaLacuna(forma.tipo, tuple((o, por_extenso(o)) for o in forma.opcoes))
    grupo = nome.partition(".")[0]
    outros = [g.nome for g in lei.grupos if g.nome != grupo]
    ordens = [("ampla",)] + [
        (*ordem, "ampla") for n in range(1, len(outros) + 1) for ordem in permutations(outros, n)
    ]
    return FormaDaLacuna(
        "reversao",
        tuple((",".join(o), " → ".join(por_extenso(x) for x in o)) for o in ordens),
    )


def rotulo_do_grupo(nome: str) -> str:
    """O rótulo que a lei dá ao grupo, no meio da frase."""
    return no_meio_da_frase(nome)


def grupos_na_tela(regras: Regras) -> tuple[GrupoNaTela, ...]:
    return tuple(
        GrupoNaTela(g.nome, rotulo_do_grupo(g.nome), g.verificacao, tuple(g.cores))
        for g in regras.grupos_da_lei
    )


@dataclass(frozen=True)
class ArtigoLei:
    parametro: str
    descricao: str
    valor: str
    citacao: str
    texto: str


def artigos_da_lei(regras: Regras) -> list[ArtigoLei]:
    """Os parâmetros da lei em vigor na data do edital, cada um com o artigo que o fixa."""
    saida: list[ArtigoLei] = []
    for nome, parametro in regras.lei.parametros.items():
        valor = parametro.em(regras.data_edital)
        if valor is None:
            continue
        bruto: object = valor.valor
        if isinstance(bruto, bool):
            texto_valor = "sim" if bruto else "não"
        elif isinstance(bruto, list | tuple):
            texto_valor = ", ".join(str(v) for v in bruto)
        else:
            texto_valor = str(bruto)
        saida.append(
            ArtigoLei(
                parametro=nome,
                descricao=parametro.descricao,
                valor=texto_valor,
                citacao=valor.referencia.citacao(),
                texto=valor.referencia.texto,
            )
        )
    return saida
