"""As colunas da lista de candidatos de um certame: as de todo certame (`campos`) e as que a lei
declara para cada grupo com reserva ([[grupos]] do TOML da lei): a opção pelo grupo e, se a lei
verifica a condição (comissão ou documentos), o resultado da verificação.

Dentro do programa, a coluna de um grupo se chama `reserva:<grupo>` e `verificacao:<grupo>` (os
mesmos nomes do quadro em colunas, `cotas.motor.colunar`); no arquivo, pelo nome que a lei dá e
pelos apelidos dela. Nada aqui nomeia um grupo: tudo vem da lei.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, TypeVar

from cotas.arquivos import campos
from cotas.motor.colunar import PREFIXO_RESERVA, PREFIXO_VERIFICACAO
from cotas.motor.elegibilidade import CampoDoCandidato
from cotas.motor.erros import LeiInvalida
from cotas.motor.glossario import PCD, CorRaca, Heteroidentificacao, no_meio_da_frase

if TYPE_CHECKING:
    from cotas.motor.candidatos import Candidato
    from cotas.motor.legislacao import Lei
    from cotas.motor.regras import Regras


_T = TypeVar("_T")


@dataclass(frozen=True)
class GrupoNoArquivo:
    """As colunas de um grupo da lei no arquivo de candidatos."""

    grupo: str
    rotulo: str  # no meio da frase ("negros (pretos e pardos)")
    opcao: tuple[str, ...]  # o nome da coluna e os apelidos
    verificacao: tuple[str, ...] = ()  # idem; vazio: a lei não dá coluna de verificação
    verificacao_exigida: bool = False  # a lei verifica o grupo: a coluna é obrigatória
    cores: tuple[str, ...] = ()  # cores que dão direito (vazio: sem critério de cor)


@dataclass(frozen=True)
class Esquema:
    """As colunas aceitas num certame, os conversores e as obrigatórias."""

    grupos: tuple[GrupoNoArquivo, ...] = ()
    apelidos: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    conversores: Mapping[str, Callable[[object], object]] = field(default_factory=dict)
    obrigatorias: tuple[str, ...] = ()
    padroes: Mapping[str, str] = field(default_factory=dict)
    _da_chave: Mapping[str, str] = field(default_factory=dict)
    # A lei classifica quem optou por vários grupos dela só no de maior percentual: entre eles
    # não há escolha a fazer, e a coluna da opção (`opcao_lista`) só é pedida a quem optou por
    # um grupo da lei e pela reserva a PcD.
    um_grupo_da_lei: bool = False
    # Os campos que a lei declara ([[campos]]): cada um, uma coluna obrigatória `campo:<nome>`.
    campos_da_lei: tuple[CampoDoCandidato, ...] = ()

    def reservas_em_que_concorre(self, grupos_da_lei: int, pcd: bool) -> int:
        """Por quantas listas reservadas concorre quem optou por `grupos_da_lei` grupos da lei
        (e pela de PcD, se `pcd`): mais de uma pede a coluna da opção."""
        da_lei = min(grupos_da_lei, 1) if self.um_grupo_da_lei else grupos_da_lei
        return da_lei + int(pcd)

    @property
    def conhecidas(self) -> tuple[str, ...]:
        return tuple(self.apelidos)

    def coluna_do_titulo(self, titulo: str) -> str | None:
        """A coluna que um título do cabeçalho nomeia, pelos apelidos; None se nenhuma."""
        return self._da_chave.get(campos.chave_de_cabecalho(titulo))

    def nomes_aceitos(self, coluna: str) -> str:
        return ", ".join(self.apelidos[coluna])

    def no_arquivo(self, coluna: str) -> str:
        """O nome da coluna como se escreve no arquivo (o primeiro aceito)."""
        nomes = self.apelidos.get(coluna)
        return nomes[0] if nomes else coluna

    def descrever(self, colunas: Iterable[str]) -> str:
        return ", ".join(self.no_arquivo(c) for c in colunas)

    def candidato(self, linha: int | None, valores: dict[str, object]) -> Candidato:
        """O candidato de uma linha lida (as colunas dos grupos viram opções e verificações)."""
        from cotas.motor.candidatos import Candidato

        reservas = frozenset(
            g.grupo for g in self.grupos if valores.pop(PREFIXO_RESERVA + g.grupo, None) is True
        )
        verificacoes = []
        for g in self.grupos:
            v = valores.pop(PREFIXO_VERIFICACAO + g.grupo, None)
            if isinstance(v, Heteroidentificacao):
                verificacoes.append((g.grupo, v))
        lidos = []
        for campo in self.campos_da_lei:
            lido = valores.pop(campo.chave, None)
            if isinstance(lido, int):  # (bool é int: os dois tipos de campo)
                lidos.append((campo.nome, lido))
        return Candidato(
            linha=linha,
            reservas=reservas,
            verificacoes=tuple(verificacoes),
            campos=tuple(lidos),
            **valores,  # type: ignore[arg-type]
        )


def recusa_do_criterio_de_desempate(esquema: Esquema, nome: str) -> str | None:
    """Por que a leitura do arquivo não aceitaria `nome` como o título da coluna de um critério
    de desempate do edital (None: aceita). O leitor procura o critério pelo nome normalizado
    (`campos.normalizar_nome`) antes dos apelidos: o título de uma coluna padrão (ou um apelido
    dela) seria lido como o critério e a coluna padrão faltaria."""
    chave = campos.normalizar_nome(nome)
    if not any(c.isalnum() for c in chave):
        return "não tem letras nem algarismos: não nomeia uma coluna do arquivo"
    coluna = chave if chave in esquema.conversores else esquema.coluna_do_titulo(nome)
    if coluna is not None:
        return (
            f"é o título de uma coluna padrão do arquivo de candidatos "
            f"({esquema.no_arquivo(coluna)}), que não pode ser critério de desempate do edital"
        )
    return None


def montar_esquema(
    grupos: Sequence[GrupoNoArquivo],
    *,
    um_grupo_da_lei: bool = False,
    campos_da_lei: Sequence[CampoDoCandidato] = (),
) -> Esquema:
    # As colunas dos grupos logo depois da cor (a ordem em que as mensagens de uma linha saem).
    apelidos: dict[str, tuple[str, ...]] = dict(_ate_a_cor(campos.APELIDOS))
    conversores: dict[str, Callable[[object], object]] = dict(_ate_a_cor(campos.CONVERSORES))
    obrigatorias = [c for c in campos.COLUNAS_OBRIGATORIAS if c in apelidos]
    padroes = dict(campos.PADROES_OPCIONAIS)
    for g in grupos:
        chave = PREFIXO_RESERVA + g.grupo
        apelidos[chave] = _normalizados(g.opcao)
        conversores[chave] = campos.sim_nao
        obrigatorias.append(chave)
        if g.verificacao:
            chave = PREFIXO_VERIFICACAO + g.grupo
            apelidos[chave] = _normalizados(g.verificacao)
            conversores[chave] = campos.heteroidentificacao
            if g.verificacao_exigida:
                obrigatorias.append(chave)
            else:
                padroes[chave] = (
                    f"sem a coluna {g.verificacao[0]}: nenhum parecer de comissão nem outra "
                    f"verificação (a lei do certame não verifica a condição de {g.rotulo})"
                )
    for c in campos_da_lei:
        # (obrigatória: o valor decide a elegibilidade e nunca se presume)
        apelidos[c.chave] = _normalizados((c.coluna, *c.apelidos))
        conversores[c.chave] = CONVERSORES_DE_CAMPO[c.tipo]
        obrigatorias.append(c.chave)
    apelidos.update(_depois_da_cor(campos.APELIDOS))
    conversores.update(_depois_da_cor(campos.CONVERSORES))
    obrigatorias += [c for c in campos.COLUNAS_OBRIGATORIAS if c not in obrigatorias]
    conversores["opcao_lista"] = campos.conversor_opcao_lista([*(g.grupo for g in grupos), PCD])
    da_chave: dict[str, str] = {}
    for coluna, nomes in apelidos.items():
        for nome in nomes:
            outra = da_chave.setdefault(campos.chave_de_cabecalho(nome), coluna)
            if outra != coluna:
                # (Um título lido como duas colunas decidiria a opção de um grupo em silêncio.)
                raise LeiInvalida(
                    f"As colunas que a lei declara em [[grupos]] repetem o título '{nome}', que "
                    f"já é de outra coluna do arquivo de candidatos ({outra.split(':')[-1]}); "
                    "dê outro nome (coluna_opcao, coluna_verificacao ou apelidos)."
                )
    return Esquema(
        tuple(grupos),
        apelidos,
        conversores,
        tuple(obrigatorias),
        padroes,
        da_chave,
        um_grupo_da_lei,
        tuple(campos_da_lei),
    )


# O conversor da coluna de cada tipo de campo que a lei declara.
CONVERSORES_DE_CAMPO: dict[str, Callable[[object], object]] = {
    "inteiro": campos.inteiro_nao_negativo,
    "booleano": campos.sim_nao,
}


def _ate_a_cor(colunas: Mapping[str, _T]) -> list[tuple[str, _T]]:
    nomes = list(colunas)
    return [(c, colunas[c]) for c in nomes[: nomes.index("cor_raca") + 1]]


def _depois_da_cor(colunas: Mapping[str, _T]) -> list[tuple[str, _T]]:
    nomes = list(colunas)
    return [(c, colunas[c]) for c in nomes[nomes.index("cor_raca") + 1 :]]


def _normalizados(nomes: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(campos.normalizar_nome(n) for n in nomes))


def grupos_da_lei_no_arquivo(lei: Lei) -> tuple[GrupoNoArquivo, ...]:
    """As colunas dos grupos só pela declaração da lei (sem as regras: a verificação, que
    depende de parâmetros, fica opcional)."""
    return tuple(
        GrupoNoArquivo(
            grupo=d.nome,
            rotulo=no_meio_da_frase(d.rotulo),
            opcao=(d.coluna_opcao, *d.apelidos_opcao),
            verificacao=(
                (d.coluna_verificacao, *d.apelidos_verificacao) if d.coluna_verificacao else ()
            ),
        )
        for d in lei.grupos
    )


def grupos_no_arquivo(regras: Regras) -> tuple[GrupoNoArquivo, ...]:
    """As colunas de cada grupo que a lei do certame declara, com o que as regras decidem: a
    coluna da verificação é obrigatória quando a lei verifica o grupo (sem nome declarado,
    `verificacao_<grupo>`, dito na mensagem de coluna que falta) e as cores que dão direito."""
    por_nome = {g.nome: g for g in regras.grupos_da_lei}
    resultado = []
    for grupo in grupos_da_lei_no_arquivo(regras.lei):
        regra = por_nome[grupo.grupo]
        verificacao = grupo.verificacao
        if regra.verificado and not verificacao:
            verificacao = (f"verificacao_{grupo.grupo}",)
        resultado.append(
            replace(
                grupo,
                verificacao=verificacao,
                verificacao_exigida=regra.verificado,
                cores=regra.cores,
            )
        )
    return tuple(resultado)


def esquema_do_certame(regras: Regras) -> Esquema:
    return montar_esquema(
        grupos_no_arquivo(regras),
        um_grupo_da_lei=regras.candidato_em_varios == "maior_percentual",
        campos_da_lei=regras.lei.campos,
    )


def esquema_da_lei(lei: Lei) -> Esquema:
    """As colunas só pela declaração da lei (os grupos e os campos), sem as regras."""
    return montar_esquema(grupos_da_lei_no_arquivo(lei), campos_da_lei=lei.campos)


def descrever_cores(cores: Sequence[str]) -> str:
    return " ou ".join(no_meio_da_frase(CorRaca(c)) for c in cores)
