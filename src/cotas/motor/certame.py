"""A vida do certame como um livro de eventos: vagas oferecidas, nomeações, desistências,
anulações. Cada nomeação diz qual vaga, de qual lista, em substituição a quem e por quê.

Quem ocupa cada vaga de um lote (docs/INTERPRETACAO.md#ampla-primeiro; parâmetro
`negros.concorrencia_concomitante`): primeiro as vagas de ampla concorrência do lote, pela lista
geral; depois cada lista reservada, sem os já escolhidos — os aprovados dentro das vagas de
ampla concorrência não são computados na reserva.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import date

from cotas.motor.candidatos import Candidato
from cotas.motor.classificacao import CriterioDesempate, Listas, inscritos_de
from cotas.motor.erros import (
    ErroCotas,
    EventoInvalido,
    HeteroidentificacaoPendente,
    NomeacaoAposValidade,
)

# (Reexportados: quem reencena um certame os importa daqui.)
from cotas.motor.eventos import Evento as Evento
from cotas.motor.eventos import ProcedimentoAdministrativo as ProcedimentoAdministrativo
from cotas.motor.eventos import TipoEvento as TipoEvento
from cotas.motor.eventos import ordenar_no_dia
from cotas.motor.glossario import DuplaCondicao as DuplaCondicao
from cotas.motor.glossario import Preterido
from cotas.motor.legislacao import dispositivo_federal
from cotas.motor.listas import Fila, ListaConjunta, ListaDeClassificacao
from cotas.motor.ordem import Lote, MemoriaDosPlanos, PlanoDeVagas, Vaga, ordinal
from cotas.motor.pcd_no_total import conferir_quadro_do_edital
from cotas.motor.razoes import Razao, Referencia, contar, faixa_de_vagas, milhar
from cotas.motor.regras import AMPLA, PCD, RegraGrupo, Regras
from cotas.motor.reserva import ReservaCargo, calcular_reserva
from cotas.motor.sorteio import posicoes_sorteadas


@dataclass(frozen=True)
class ParametrosCertame:
    """Questões abertas e regras do edital, cada uma com padrão documentado."""

    # Quem recebe a vaga quando dois grupos a querem ao mesmo tempo; o outro recebe a seguinte.
    # (Vazia: os grupos da lei na ordem em que ela os declara, depois PcD.)
    prioridade_colisao: tuple[str, ...] = ()
    dupla_condicao: DuplaCondicao = DuplaCondicao.LISTA_QUE_NOMEIA_ANTES
    # "Final de fila": só quando o edital o admite (as leis municipais nada dizem).
    permite_final_de_fila: bool = False
    # Data em que se apura a idade para o desempate do Estatuto da Pessoa Idosa (padrão: edital).
    data_referencia_idade: date | None = None
    criterios_desempate: tuple[CriterioDesempate, ...] = ()
    # Correção posterior a uma nomeação publicada (docs/INTERPRETACAO.md#atos-publicados): o ato
    # fica (`Publicada`) e o preterido recebe a próxima vaga da sua lista.
    preterido: Preterido = Preterido.PROXIMA_VAGA_DA_LISTA


# O prazo de validade do concurso, que limita as nomeações (não as anulações por declaração
# falsa, que valem a qualquer tempo: docs/INTERPRETACAO.md#anulacao).
REF_VALIDADE = dispositivo_federal("validade")


@dataclass(frozen=True)
class Nomeacao:
    """Um ato de nomeação. `modalidade` é a lista de onde o candidato veio; `reservada_para`
    o grupo a quem a vaga era devida (difere quando a vaga reverteu)."""

    ordem: int
    vaga: int
    inscricao: str
    modalidade: str
    reservada_para: str | None
    substitui: str | None
    data: date | None
    lote: int
    razao: Razao
    nome: str = ""

    @property
    def revertida(self) -> bool:
        return self.reservada_para is not None and self.modalidade != self.reservada_para


@dataclass(frozen=True)
class Publicada:
    """Uma nomeação já publicada (portaria): um ato em vigor, que o livro reproduz como foi
    publicado e nunca refaz (docs/INTERPRETACAO.md#atos-publicados). Nenhuma correção posterior,
    nova vaga ou evento muda quem ocupa a vaga, de que lista nem o texto da razão.

    `ocupacao`: a quantas nomeações anteriores na mesma vaga esta se segue (0: a primeira; 1: a
    que recompôs a vaga depois da saída da primeira...). `razao`: o texto publicado. `data`: a
    do ato (None: não se sabe), desde a qual o nomeado ocupa a vaga dele e a lei não o chama
    para outra (`ApuracaoCargo._nomeados_por_ato_adiante`)."""

    vaga: int
    inscricao: str
    lista: str
    razao: str
    ocupacao: int = 0
    ato: str = ""
    data: date | None = None


@dataclass(frozen=True)
class Ocorrencia:
    """Fato do livro que não é nomeação: desistência, anulação, vaga sem candidato...

    As vagas sem candidato vêm em faixas de vagas seguidas, de `vaga` a `vaga_final` (num
    cargo de 100.000 vagas e 62 aprovados, um fato só, não 99.938 iguais); os outros fatos têm
    uma vaga ou nenhuma (`vaga_final` None)."""

    data: date | None
    tipo: str
    cargo: str
    inscricao: str | None
    vaga: int | None
    razao: Razao
    vaga_final: int | None = None

    @property
    def quantidade(self) -> int:
        """Quantas vagas o fato atinge (0: nenhuma)."""
        if self.vaga is None:
            return 0
        return 1 if self.vaga_final is None else self.vaga_final - self.vaga + 1

    @property
    def vagas(self) -> str:
        """As vagas como se escrevem: "63", "63 a 100.000" ("": nenhuma)."""
        if self.vaga is None:
            return ""
        return faixa_de_vagas(self.vaga, self.vaga_final or self.vaga)


class ApuracaoCargo:
    """O livro de um cargo: o plano de vagas e quem ocupa cada uma."""

    def __init__(
        self,
        regras: Regras,
        listas: Listas,
        parametros: ParametrosCertame,
        nomes: Mapping[str, str],
        memoria_dos_planos: MemoriaDosPlanos | None = None,
        publicadas: Iterable[Publicada] = (),
        fixadas: Mapping[int, tuple[str, Razao]] | None = None,
    ) -> None:
        self.regras = regras
        self.cargo = listas.cargo
        # Um livro retomado de um estado guardado (`cotas.motor.estado`) só monta as listas
        # quando um evento as lê: até lá, `_listas` é None e `_montar_listas` as dá.
        self._listas: Listas | None = listas
        self._montar_listas: Callable[[], Listas] | None = None
        self.parametros = parametros
        self.nomes = nomes
        self.plano = PlanoDeVagas(
            regras, parametros.prioridade_colisao, memoria_dos_planos, fixadas, self.cargo
        )
        self.filas: dict[str, Fila] = {AMPLA: Fila(listas.geral)}
        for grupo, lista in listas.reservadas.items():
            self.filas[grupo] = Fila(lista)
        for conjunta in regras.conjuntas:  # (a lista de uma reserva conjunta do edital)
            self.filas[conjunta.nome] = Fila(self.lista_da_fila(conjunta.nome, listas))
        self.nomeados: set[str] = set()  # já chamados (nunca duas vezes)
        self.removidos: set[str] = set()  # desistentes e anulados: fora de todas as listas
        self.ocupante: dict[int, str | None] = {}
        self.nomeacoes: list[Nomeacao] = []
        self.ocorrencias: list[Ocorrencia] = []
        self.vaga_de: dict[str, int] = {}  # inscrição -> vaga que ocupa
        # Atos publicados: (vaga, ocupação) -> a nomeação em vigor; e quantas nomeações cada
        # vaga já teve neste livro (a próxima ocupação).
        self.publicadas: dict[tuple[int, int], Publicada] = {
            (p.vaga, p.ocupacao): p for p in publicadas
        }
        self.ocupacoes: dict[int, int] = {}

    # -- consulta -------------------------------------------------------------------------
    @property
    def listas(self) -> Listas:
        if self._listas is None:
            assert self._montar_listas is not None  # (posto por quem retomou o livro)
            self._listas = self._montar_listas()
        return self._listas

    @property
    def vagas(self) -> list[Vaga]:
        return self.plano.vagas

    def lista_da_fila(self, nome: str, listas: Listas | None = None) -> ListaDeClassificacao:
        """A lista que a fila `nome` percorre: a geral, a de um grupo ou a de uma reserva
        conjunta do edital (as dos grupos dela, juntas na ordem da geral)."""
        listas = listas or self.listas
        if nome == AMPLA:
            return listas.geral
        conjunta = self.regras.grupo(nome)
        if conjunta is not None and conjunta.membros and nome not in listas.reservadas:
            membros = [listas.reservadas[m.nome] for m in conjunta.membros]
            return ListaConjunta(listas.geral, membros)
        return listas.reservadas[nome]

    def _indisponiveis(
        self, data: date | None = None, *, exceto_por_ato: Iterable[str] = ()
    ) -> set[str]:
        """Quem a lei não pode chamar em `data`: os já nomeados, os que saíram e quem uma
        portaria já em vigor nessa data põe noutra vaga que o livro ainda não alcançou
        (`_nomeados_por_ato_adiante`), salvo os de `exceto_por_ato` (os atos das vagas que se
        preenchem agora)."""
        adiante = self._nomeados_por_ato_adiante(data) - set(exceto_por_ato)
        return self.nomeados | self.removidos | adiante

    def _nomeados_por_ato_adiante(self, data: date | None) -> set[str]:
        """Quem uma portaria de `data` ou de antes nomeou numa ocupação que a reencenação ainda
        não alcançou. A lei não o chama para outra vaga: naquele dia ele já ocupa a sua. Sem
        isso, quando a ordem do motor no mesmo dia (as saídas antes das novas vagas,
        docs/INTERPRETACAO.md#mesmo-dia) difere da dos atos, a saída chamava o "próximo ainda
        não chamado", que uma portaria do mesmo dia já tinha nomeado numa vaga nova: a portaria
        se movia e ele aparecia nomeado duas vezes. A portaria posterior não conta: quem foi ao
        final da fila é chamado pela lei antes de a portaria o nomear de novo."""
        if data is None:
            return set()
        return {
            p.inscricao
            for (vaga, ocupacao), p in self.publicadas.items()
            if p.data is not None and p.data <= data and ocupacao >= self.ocupacoes.get(vaga, 0)
        }

    def _ref(self, grupo: str | None, chave: str) -> tuple[Referencia, ...]:
        """O dispositivo do grupo para `chave`; nenhum para a ampla concorrência (None), que as
        leis de reserva não regulam."""
        regra = self.regras.grupo(grupo) if grupo else None
        return regra.ref(chave) if regra else ()

    # -- lotes de vagas ---------------------------------------------------------------------
    def ofertar(
        self, quantidade: int, data: date | None, justificativa: str = ""
    ) -> list[Nomeacao]:
        """Oferece um lote e nomeia todas as suas vagas: ampla primeiro, depois as reservadas."""
        self._exigir_comissao_concluida()
        lote = self.plano.acrescentar_lote(quantidade, data, justificativa)
        publicadas = {v.numero: p for v in lote if (p := self._publicada(v.numero)) is not None}
        cursores = {lista: fila.cursor for lista, fila in self.filas.items()}
        nomeados_por_ato = {p.inscricao for p in publicadas.values()}
        indisponivel = self._indisponiveis(data, exceto_por_ato=nomeados_por_ato)
        atribuicao = self._escolher(lote, indisponivel)
        if any(
            atribuicao.get(n, ("", ""))[:2] != (p.inscricao, p.lista) for n, p in publicadas.items()
        ):
            # Um ato publicado diverge do que a lei faria com a classificação de hoje (uma
            # correção posterior a ele): o ato fica com a sua vaga, e a lei escolhe só nas
            # demais, sem os nomeados por atos (docs/INTERPRETACAO.md#atos-publicados).
            for lista, cursor in cursores.items():
                self.filas[lista].cursor = cursor
            livres = [v for v in lote if v.numero not in publicadas]
            atribuicao = self._escolher(livres, indisponivel | nomeados_por_ato)

        nomeacoes = []
        vazias: list[Vaga] = []
        for vaga in lote:
            if vaga.numero in publicadas:
                nomeacoes.append(self._nomear_publicada(vaga, publicadas[vaga.numero], data))
            elif vaga.numero in atribuicao:
                insc, lista, razao = atribuicao[vaga.numero]
                nomeacoes.append(self._nomear(vaga, insc, lista, data, None, razao))
            else:
                vazias.append(vaga)
        self._sem_candidato(vazias, data)
        return nomeacoes

    def _escolher(
        self, novas: list[Vaga], indisponivel: set[str]
    ) -> dict[int, tuple[str, str, Razao]]:
        """Quem a lei põe em cada vaga do lote: vaga -> (inscrição, lista, razão). Não nomeia
        ninguém, mas os cursores das filas passam pelos escolhidos como se já o fossem: quem
        escolhe de novo os volta antes."""
        escolhidos_no_lote: set[str] = set()
        ampla_slots = [v for v in novas if v.reservada_para is None]
        chamados_ampla = self.filas[AMPLA].primeiros(len(ampla_slots), indisponivel)
        escolhidos_no_lote.update(chamados_ampla)

        # lista -> vagas que ela preenche neste lote e os candidatos que ela chamou
        slots: dict[str, list[Vaga]] = {AMPLA: list(ampla_slots)}
        chamados: dict[str, list[str]] = {AMPLA: chamados_ampla}
        revertidas: list[Vaga] = []
        for vaga in (v for v in novas if v.reservada_para is not None):
            grupo = vaga.reservada_para
            assert grupo is not None
            insc = self._proximo_do_grupo(grupo, indisponivel | escolhidos_no_lote, novas, vaga)
            if insc is None:
                revertidas.append(vaga)
                continue
            escolhidos_no_lote.add(insc)
            slots.setdefault(grupo, []).append(vaga)
            chamados.setdefault(grupo, []).append(insc)

        for vaga in revertidas:
            destino, insc = self._migrar(vaga, indisponivel | escolhidos_no_lote)
            if insc is None:
                continue
            escolhidos_no_lote.add(insc)
            slots.setdefault(destino, []).append(vaga)
            chamados.setdefault(destino, []).append(insc)

        self._vazias_por_ultimo(novas, slots, chamados)
        slots[AMPLA] = self._vagas_da_ampla(novas, slots, len(chamados[AMPLA]))

        # Em cada lista, as vagas do lote em ordem, pela ordem de classificação da lista: o mais
        # bem classificado nunca é nomeado depois de um pior classificado ("observada a ordem de
        # classificação", `negros.reversao`; docs/INTERPRETACAO.md#ampla-primeiro).
        atribuicao: dict[int, tuple[str, str, Razao]] = {}  # vaga -> (inscrição, lista, razão)
        for lista, vagas_da_lista in slots.items():
            fila = self.filas[lista]
            ordenados = sorted(chamados.get(lista, []), key=lambda i: fila.posicao[i])
            for vaga, insc in zip(
                sorted(vagas_da_lista, key=lambda v: v.numero), ordenados, strict=False
            ):
                if vaga.reservada_para is not None and vaga.reservada_para != lista:
                    razao = self._razao_reversao(vaga, lista)
                elif lista == AMPLA:
                    razao = self._razao_ampla(vaga, insc)
                else:
                    razao = self._razao_reservada(vaga, insc, lista)
                atribuicao[vaga.numero] = (insc, lista, razao)
        return atribuicao

    @staticmethod
    def _vazias_por_ultimo(
        novas: list[Vaga], slots: dict[str, list[Vaga]], chamados: dict[str, list[str]]
    ) -> None:
        """Faltando candidatos no lote, as vagas sem nomeação são as últimas dele: quem uma lista
        reservada chamou para uma vaga além das que se preenchem (todos os disponíveis já são
        nomeados neste lote) vai, pela ordem da lista geral, a uma das anteriores
        (docs/INTERPRETACAO.md#candidatos-esgotados)."""
        preenchidas = sum(len(c) for c in chamados.values())
        if preenchidas >= len(novas):
            return
        limite = sorted(v.numero for v in novas)[preenchidas - 1] if preenchidas else 0
        for lista in [lista for lista in slots if lista != AMPLA]:
            pares = list(zip(slots[lista], chamados.get(lista, []), strict=True))
            slots[lista] = [v for v, _ in pares if v.numero <= limite]
            chamados[lista] = [i for v, i in pares if v.numero <= limite]
            chamados[AMPLA] += [i for v, i in pares if v.numero > limite]

    @staticmethod
    def _vagas_da_ampla(
        novas: list[Vaga], slots: Mapping[str, list[Vaga]], chamados: int
    ) -> list[Vaga]:
        """As vagas que a ampla preenche no lote: as primeiras, em ordem, das que nenhuma lista
        reservada ocupou (as de ampla e as reservadas que reverteram). Faltando candidatos, as
        vagas sem nomeação são as últimas do lote: a reservada que reverte é preenchida antes
        das vagas seguintes."""
        das_reservadas = {
            v.numero for lista, vagas in slots.items() if lista != AMPLA for v in vagas
        }
        livres = [v for v in novas if v.numero not in das_reservadas]
        return sorted(livres, key=lambda v: v.numero)[:chamados]

    def _proximo_do_grupo(
        self, grupo: str, indisponivel: set[str], novas: list[Vaga], vaga: Vaga
    ) -> str | None:
        """O mais bem classificado da lista do grupo ainda livre, salvo quem a cede a outra."""
        fila = self.filas[grupo]
        cedidos: set[str] = set()
        while (insc := fila.proximo(indisponivel, cedidos)) is not None:
            if not self._cede_a_outra_lista(insc, grupo, indisponivel, novas, vaga):
                return insc
            cedidos.add(insc)
        return None

    def _cede_a_outra_lista(
        self, insc: str, grupo: str, indisponivel: set[str], novas: list[Vaga], vaga: Vaga
    ) -> bool:
        """Dupla condição (parâmetro `dupla_condicao`; docs/INTERPRETACAO.md#dupla-condicao):
        quem é chamado por duas listas no mesmo lote (o mesmo ato) fica com a que escolheu
        (`opcao_lista`) ou, sem escolha, com a lista do parâmetro; em lotes diferentes, vale a
        lista que nomeia antes."""
        candidato = self._candidato(insc)
        if candidato is None:
            return False
        preferida = candidato.opcao_lista or self._lista_sem_opcao(insc)
        if preferida == grupo or preferida not in self.filas or insc not in self.filas[preferida]:
            return False
        outra_chama_depois = any(
            v.reservada_para == preferida and v.numero > vaga.numero for v in novas
        )
        return outra_chama_depois and self.filas[preferida].proximo(indisponivel) == insc

    def _lista_sem_opcao(self, insc: str) -> str:
        """A lista de quem não escolheu: PcD ou o (primeiro) grupo da lei em que concorre."""
        if self.parametros.dupla_condicao.pcd_sem_opcao:
            return PCD
        return next(
            (g.nome for g in self.regras.grupos_da_lei if insc in self.filas.get(g.nome, ())),
            PCD,
        )

    def _concorrencia(self) -> tuple[Referencia, ...]:
        """O dispositivo da concorrência concomitante de cada grupo da lei (sem repetir)."""
        refs: dict[Referencia, None] = {}
        for g in self.regras.grupos_da_lei:
            refs.update(dict.fromkeys(g.ref("concorrencia")))
        return tuple(refs)

    def _candidato(self, inscricao: str) -> Candidato | None:
        return self.listas.geral.candidato(inscricao)

    def _posicao_geral(self, inscricao: str) -> int:
        """A posição (a partir de 1) na lista geral original."""
        posicao = self.listas.geral.posicao_de(inscricao)
        assert posicao is not None  # só quem está na lista é chamado por ela
        return posicao + 1

    def _migrar(self, vaga: Vaga, indisponivel: set[str]) -> tuple[str, str | None]:
        """Vaga reservada sem candidato: migra pela ordem do grupo e, por fim, reverte à ampla."""
        regra = self.regras.grupo(vaga.reservada_para or "")
        for destino in regra.migracao if regra else ():
            insc = self.filas[destino].proximo(indisponivel) if destino in self.filas else None
            if insc is not None:
                return destino, insc
        return AMPLA, self.filas[AMPLA].proximo(indisponivel)

    def _nomear(
        self,
        vaga: Vaga,
        inscricao: str,
        lista: str,
        data: date | None,
        substitui: str | None,
        razao: Razao,
    ) -> Nomeacao:
        nomeacao = Nomeacao(
            ordem=len(self.nomeacoes) + 1,
            vaga=vaga.numero,
            inscricao=inscricao,
            modalidade=lista,
            reservada_para=vaga.reservada_para,
            substitui=substitui,
            data=data,
            lote=vaga.lote,
            razao=razao,
            nome=self.nomes.get(inscricao, ""),
        )
        self.nomeacoes.append(nomeacao)
        self.nomeados.add(inscricao)
        self.ocupante[vaga.numero] = inscricao
        self.vaga_de[inscricao] = vaga.numero
        self.ocupacoes[vaga.numero] = self.ocupacoes.get(vaga.numero, 0) + 1
        return nomeacao

    # -- atos publicados --------------------------------------------------------------------
    def _publicada(self, vaga: int) -> Publicada | None:
        """O ato publicado que provê a próxima ocupação da vaga (None: a lei escolhe)."""
        return self.publicadas.get((vaga, self.ocupacoes.get(vaga, 0)))

    def _nomear_publicada(
        self,
        vaga: Vaga,
        publicada: Publicada,
        data: date | None,
        substitui: str | None = None,
        fundamentos: tuple[Referencia, ...] | None = None,
    ) -> Nomeacao:
        """A nomeação publicada, como foi publicada: o candidato, a lista e o texto; os
        fundamentos são os da vaga e da lista (não dependem da classificação de hoje)."""
        if fundamentos is None:
            fundamentos = self._fundamentos_do_lote(vaga, publicada.lista)
        razao = self._razao_publicada(vaga, publicada, fundamentos)
        # Quem um ato publicado nomeou não é escolhido de novo pela lei, esteja ou não nas
        # listas de hoje (uma correção pode tê-lo tirado delas: o ato continua em vigor).
        return self._nomear(vaga, publicada.inscricao, publicada.lista, data, substitui, razao)

    @staticmethod
    def _razao_publicada(
        vaga: Vaga, publicada: Publicada, fundamentos: tuple[Referencia, ...]
    ) -> Razao:
        lista = publicada.lista
        codigo = (
            "reversao"
            if vaga.reservada_para is not None and vaga.reservada_para != lista
            else "nomeacao_ampla"
            if lista == AMPLA
            else "nomeacao_reservada"
        )
        valores = (("ato", publicada.ato),) if publicada.ato else ()
        return Razao(codigo, publicada.razao, fundamentos, valores)

    def reconhecer_publicadas(self) -> bool:
        """O livro retomado de um estado guardado (`cotas.motor.estado`) diante dos atos
        publicados de agora: a nomeação que um ato publicou depois de guardado o estado passa à
        forma publicada, como a reencenação a daria. False se o livro não é o que os atos dariam
        (um ato numa ocupação que o livro não tem, com outra pessoa, outra lista ou outro texto;
        ou uma nomeação reproduzida de um ato que não está mais em vigor): reencene."""
        ocupacoes: dict[int, int] = {}
        reconhecidas: set[tuple[int, int]] = set()
        for i, n in enumerate(self.nomeacoes):
            ocupacao = ocupacoes.get(n.vaga, 0)
            ocupacoes[n.vaga] = ocupacao + 1
            publicada = self.publicadas.get((n.vaga, ocupacao))
            reproduzida = any(chave == "ato" for chave, _ in n.razao.valores)
            if publicada is None:
                if reproduzida:
                    return False
                continue
            if (publicada.inscricao, publicada.lista, publicada.razao) != (
                n.inscricao,
                n.modalidade,
                n.razao.texto,
            ):
                return False
            vaga = self.plano.vagas[n.vaga - 1]
            razao = self._razao_publicada(vaga, publicada, n.razao.fundamentos)
            if reproduzida and razao != n.razao:
                return False
            self.nomeacoes[i] = replace(n, razao=razao)
            reconhecidas.add((n.vaga, ocupacao))
        return reconhecidas == set(self.publicadas)

    def _fundamentos_do_lote(self, vaga: Vaga, lista: str) -> tuple[Referencia, ...]:
        """Os fundamentos de quem ocupa a vaga de um lote pela lista dada (os de
        `_razao_ampla`, `_razao_reservada` e `_razao_reversao`)."""
        if vaga.reservada_para is not None and vaga.reservada_para != lista:
            return (*self._ref(vaga.reservada_para, "reversao"), *vaga.razao.fundamentos)
        if lista == AMPLA:
            return (*self._concorrencia(), *vaga.razao.fundamentos)
        return (*self._ref(lista, "concorrencia"), *vaga.razao.fundamentos)

    def _sem_candidato(self, vagas: list[Vaga], data: date | None) -> None:
        """As vagas que ficam sem nomeação: um fato por faixa de vagas seguidas (as vazias de
        um lote são as últimas dele: `_vazias_por_ultimo`), com a razão e os dispositivos."""
        for faixa in _seguidas(vagas):
            for vaga in faixa:
                self.ocupante[vaga.numero] = None
            self.ocorrencias.append(
                Ocorrencia(
                    data,
                    "vaga_sem_candidato",
                    self.cargo,
                    None,
                    faixa[0].numero,
                    self._razao_sem_candidato(faixa),
                    faixa[-1].numero,
                )
            )

    def _razao_sem_candidato(self, faixa: list[Vaga]) -> Razao:
        """ "Vaga 63 sem candidato: ..." ou "Vagas 63 a 100.000 sem candidato (99.938 vagas):
        ...", com as reservadas de cada grupo na faixa e a reversão de cada um, citada uma vez."""
        inicio, fim = faixa[0].numero, faixa[-1].numero
        reservadas: dict[str, int] = {}
        for vaga in faixa:
            if vaga.reservada_para is not None:
                reservadas[vaga.reservada_para] = reservadas.get(vaga.reservada_para, 0) + 1
        fundamentos: list[Referencia] = []
        for grupo in reservadas:
            fundamentos += [r for r in self._ref(grupo, "reversao") if r not in fundamentos]
        porque = "não há candidato aprovado disponível em nenhuma lista."
        if len(faixa) == 1:
            texto = f"Vaga {milhar(inicio)} sem candidato: fica sem nomeação, pois {porque}"
        else:
            texto = (
                f"Vagas {faixa_de_vagas(inicio, fim)} sem candidato "
                f"({milhar(len(faixa))} vagas): ficam sem nomeação, pois {porque}"
            )
        texto += self._reservadas_sem_candidato(reservadas, len(faixa))
        valores = (
            ("vaga_inicial", str(inicio)),
            ("vaga_final", str(fim)),
            ("quantidade", str(len(faixa))),
            *((f"reservadas_{g}", str(n)) for g, n in reservadas.items()),
        )
        return Razao("vaga_sem_candidato", texto, tuple(fundamentos), valores)

    def _reservadas_sem_candidato(self, reservadas: Mapping[str, int], vagas: int) -> str:
        """ " Entre elas há 19.988 reservadas a negros e 5.000 reservadas a pessoas com
        deficiência, que revertem às demais listas, também sem candidatos." ("": nenhuma)."""
        if not reservadas:
            return ""
        if vagas == 1:
            (grupo,) = reservadas
            return (
                f" A vaga é reservada a {self._rotulo(grupo)} e reverte às demais listas, "
                "também sem candidatos."
            )
        partes = [
            f"{milhar(n)} {'reservada' if n == 1 else 'reservadas'} a {self._rotulo(grupo)}"
            for grupo, n in reservadas.items()
        ]
        todas = " e ".join([", ".join(partes[:-1]), partes[-1]] if len(partes) > 1 else partes)
        reverte = "reverte" if sum(reservadas.values()) == 1 else "revertem"
        return f" Entre elas há {todas}, que {reverte} às demais listas, também sem candidatos."

    def _rotulo(self, grupo: str) -> str:
        regra = self.regras.grupo(grupo)
        return regra.rotulo if regra else grupo

    # -- razões ------------------------------------------------------------------------------
    def _razao_ampla(self, vaga: Vaga, inscricao: str) -> Razao:
        posicao = self._posicao_geral(inscricao)
        texto = (
            f"Vaga {vaga.numero}, de ampla concorrência: {inscricao} ocupa o {posicao}º lugar da "
            "lista geral e é o mais bem classificado ainda não chamado. " + vaga.razao.texto
        )
        fundamentos = (*self._concorrencia(), *vaga.razao.fundamentos)
        return Razao("nomeacao_ampla", texto, fundamentos, (("posicao_geral", str(posicao)),))

    def _razao_reservada(self, vaga: Vaga, inscricao: str, grupo: str) -> Razao:
        regra = self.regras.grupo(grupo)
        rotulo = regra.rotulo if regra else grupo
        posicao = self.filas[grupo].posicao[inscricao] + 1
        concorrencia = self._ref(grupo, "concorrencia")
        # A regra de não computar na reserva os aprovados nas vagas de ampla é a da lei do grupo;
        # quem não a tem (PcD, regida pelo edital) não a afirma.
        nao_computados = (
            " (os aprovados dentro das vagas de ampla não são computados na reserva)"
            if concorrencia
            else ""
        )
        texto = (
            f"Vaga {vaga.numero}, reservada a {rotulo}: {inscricao} ocupa o {posicao}º lugar da "
            f"lista de {rotulo} e é o mais bem classificado dela fora das vagas de ampla "
            f"concorrência{nao_computados}. {self._criterios_cumpridos(regra)}{vaga.razao.texto}"
        )
        # (o artigo dos critérios além da cor, quando a lei os tem: a razão diz que os cumpre)
        criterios = regra.ref("elegibilidade") if regra and regra.elegibilidade_da_lei else ()
        fundamentos = (*concorrencia, *criterios, *vaga.razao.fundamentos)
        return Razao(
            "nomeacao_reservada",
            texto,
            fundamentos,
            (("grupo", grupo), ("posicao_lista", str(posicao))),
            vaga.razao.calculo,
        )

    def _criterios_cumpridos(self, regra: RegraGrupo | None) -> str:
        """O que a lista de um grupo com critérios além da cor (`<grupo>.elegibilidade`)
        exigiu de quem está nela (vazio na regra de sempre, só a cor)."""
        if regra is None or regra.elegibilidade_da_lei is None:
            return ""
        campos = {c.nome: c for c in self.regras.lei.campos}
        return (
            f"Cumpre o que a lei exige para a reserva ({regra.elegibilidade.descrever(campos)}). "
        )

    def _razao_reversao(self, vaga: Vaga, destino: str = AMPLA) -> Razao:
        regra = self.regras.grupo(vaga.reservada_para or "")
        rotulo = regra.rotulo if regra else str(vaga.reservada_para)
        if destino == AMPLA:
            para = "a ampla concorrência"
            quem = "é preenchida pelos demais aprovados, observada a ordem de classificação"
        else:
            outro = self.regras.grupo(destino)
            para = f"a lista de {outro.rotulo if outro else destino}"
            # (A ordem dos destinos da vaga PcD e da reserva conjunta é a do edital.)
            de_quem = (
                "da lei" if regra is not None and regra.declaracao is not None else "do edital"
            )
            quem = (
                f"passa ao grupo seguinte na ordem {de_quem} e é preenchida pelo próximo da lista "
                "dele, observada a ordem de classificação"
            )
        texto = (
            f"Vaga {vaga.numero}, reservada a {rotulo}, revertida para {para}: não há candidatos "
            f"de {rotulo} aprovados em número suficiente; {quem}."
        )
        return Razao(
            "reversao",
            texto,
            (*self._ref(vaga.reservada_para, "reversao"), *vaga.razao.fundamentos),
            (("grupo", str(vaga.reservada_para)), ("destino", destino)),
        )

    # -- eventos ----------------------------------------------------------------------------
    def desligar(
        self,
        data: date,
        inscricao: str,
        tipo: TipoEvento,
        motivo: str = "",
        validade_encerrada: date | None = None,
        procedimento: ProcedimentoAdministrativo | None = None,
        base: Referencia | None = None,
    ) -> list[Nomeacao]:
        """Desistência, anulação, eliminação ou final de fila; recompõe a vaga pela lista a que
        era devida.

        `validade_encerrada`: a data em que a validade terminou, se o evento (só a anulação, que
        vale a qualquer tempo) vem depois dela; a vaga fica então sem nova nomeação.
        `procedimento`: o da anulação (já conferido); `base`: o fundamento da eliminação."""
        if inscricao not in self.filas[AMPLA] and tipo is not TipoEvento.ANULACAO:
            raise EventoInvalido(
                f"{tipo.descricao}: a inscrição {inscricao} não está em nenhuma lista do cargo "
                f"{self.cargo} (não aprovada ou já excluída)."
            )
        if inscricao in self.removidos:
            raise EventoInvalido(
                f"{tipo.descricao}: a inscrição {inscricao} já foi excluída das listas."
            )
        ocupava = self.ocupante.get(self.vaga_de.get(inscricao, 0)) == inscricao
        if tipo is TipoEvento.SEM_POSSE and not ocupava:
            raise EventoInvalido(
                f"{tipo.descricao}: a inscrição {inscricao} não ocupa vaga do cargo {self.cargo} "
                "(só quem está nomeado perde o prazo de posse)."
            )
        vaga_numero = self.vaga_de.pop(inscricao, None)
        if tipo is TipoEvento.FINAL_DE_FILA:
            texto, refs = self._para_o_final_da_fila(inscricao, motivo)
        else:
            texto, refs = self._excluir(inscricao, tipo, procedimento, base, vaga_numero, ocupava)
        if motivo:
            texto += f" Motivo: {motivo}"
        self.ocorrencias.append(
            Ocorrencia(
                data,
                tipo.value,
                self.cargo,
                inscricao,
                vaga_numero if ocupava else None,
                Razao(tipo.value, texto, refs),
            )
        )
        if not ocupava or vaga_numero is None:
            return []
        vaga = self.plano.vagas[vaga_numero - 1]
        self.ocupante[vaga_numero] = None
        if validade_encerrada is not None:
            self._vaga_sem_recomposicao(data, vaga_numero, validade_encerrada)
            return []
        return self._recompor(vaga, data, inscricao, tipo, (base,) if base is not None else ())

    def _para_o_final_da_fila(
        self, inscricao: str, motivo: str
    ) -> tuple[str, tuple[Referencia, ...]]:
        """O pedido de final de fila: o candidato vai ao fim de cada lista, sem sair delas."""
        if not self.parametros.permite_final_de_fila:
            raise EventoInvalido(
                f"final_de_fila: o edital não admite o pedido de final de fila ({inscricao})."
            )
        self.nomeados.discard(inscricao)
        for fila in self.filas.values():
            fila.mover_para_o_fim(inscricao)
        texto = f"{inscricao} pediu para ir ao final da lista; permanece classificado(a)."
        refs: tuple[Referencia, ...] = (
            Referencia(
                "Edital",
                "final de fila",
                motivo or "Pedido de reclassificação para o final da lista.",
            ),
        )
        return texto, refs

    def _excluir(
        self,
        inscricao: str,
        tipo: TipoEvento,
        procedimento: ProcedimentoAdministrativo | None,
        base: Referencia | None,
        vaga_numero: int | None,
        ocupava: bool,
    ) -> tuple[str, tuple[Referencia, ...]]:
        """Desistência, anulação ou eliminação: o candidato sai de todas as listas."""
        self.removidos.add(inscricao)
        refs: tuple[Referencia, ...]
        if tipo is TipoEvento.ANULACAO:
            texto = self._texto_anulacao(inscricao, procedimento, ocupava)
            refs = (*self.regras.ref("falsidade"),)
        elif tipo is TipoEvento.ELIMINACAO:
            texto = f"{inscricao} eliminado(a) do certame; sai de todas as listas."
            refs = (base,) if base is not None else ()
        else:
            texto = (
                f"{inscricao} desistiu; sai de todas as listas."
                if tipo is TipoEvento.DESISTENCIA
                else f"{inscricao} não tomou posse no prazo; a nomeação fica sem efeito e sai "
                "de todas as listas."
            )
            # A regra da desistência é a da lista da vaga que ocupava (negros:
            # `negros.desistencia`), também para quem não tomou posse no prazo
            # (docs/INTERPRETACAO.md#sem-posse); quem não ocupava vaga reservada só sai das listas.
            reservada = (
                self.plano.vagas[vaga_numero - 1].reservada_para
                if ocupava and vaga_numero is not None
                else None
            )
            refs = self._ref(reservada, "desistencia")
        return texto, refs

    def _vaga_sem_recomposicao(
        self, data: date, vaga_numero: int, validade_encerrada: date
    ) -> None:
        """A anulação depois da validade: a vaga fica vaga, com o porquê."""
        self.ocorrencias.append(
            Ocorrencia(
                data,
                "vaga_sem_recomposicao",
                self.cargo,
                None,
                vaga_numero,
                Razao(
                    "vaga_sem_recomposicao",
                    f"A {ordinal(vaga_numero)} vaga fica sem nova nomeação: a anulação vale "
                    "a qualquer tempo, mas a validade do concurso terminou em "
                    f"{validade_encerrada:%d/%m/%Y} e não se nomeia mais por ele.",
                    (*self.regras.ref("falsidade"), REF_VALIDADE),
                ),
            )
        )

    def _texto_anulacao(
        self, inscricao: str, procedimento: ProcedimentoAdministrativo | None, nomeado: bool
    ) -> str:
        """A anulação com as palavras da lei aplicável (o efeito vem dos dados da lei)."""
        falsidade = self.regras.falsidade
        assert falsidade is not None and procedimento is not None  # conferidos pelo Certame
        efeito = falsidade.efeito_se_nomeado if nomeado else falsidade.efeito
        return (
            f"Declaração falsa na autodeclaração de {inscricao}, reconhecida após procedimento "
            f"administrativo com contraditório e ampla defesa ({procedimento.descricao()}): "
            f"{efeito}. Sai de todas as listas."
        )

    def _recompor(
        self,
        vaga: Vaga,
        data: date,
        saiu: str,
        tipo: TipoEvento,
        base: tuple[Referencia, ...] = (),
    ) -> list[Nomeacao]:
        indisponivel = self._indisponiveis(data)
        grupo = vaga.reservada_para
        verbo = {
            TipoEvento.DESISTENCIA: "a desistência",
            TipoEvento.SEM_POSSE: "o fim do prazo de posse",
            TipoEvento.ANULACAO: "a anulação",
            TipoEvento.ELIMINACAO: "a eliminação",
            TipoEvento.FINAL_DE_FILA: "o pedido de final de fila",
        }[tipo]
        publicada = self._publicada(vaga.numero)
        if publicada is not None:
            refs = self._fundamentos_da_recomposicao(vaga, publicada.lista)
            fundamentos = (*refs, *self._falsidade(tipo), *base)
            return [self._nomear_publicada(vaga, publicada, data, saiu, fundamentos)]
        if grupo is not None:
            insc = self.filas[grupo].proximo(indisponivel)
            if insc is not None:
                regra = self.regras.grupo(grupo)
                rotulo = regra.rotulo if regra else grupo
                razao = Razao(
                    "substituicao_reservada",
                    f"Vaga {vaga.numero}, reservada a {rotulo}, recomposta após {verbo} de "
                    f"{saiu}: {insc} é o candidato de {rotulo} posteriormente classificado.",
                    (*self._ref(grupo, "desistencia"), *self._falsidade(tipo), *base),
                )
                return [self._nomear(vaga, insc, grupo, data, saiu, razao)]
            destino, insc = self._migrar(vaga, indisponivel)
            if insc is None:
                self._sem_candidato([vaga], data)
                return []
            razao = self._razao_reversao(vaga, destino)
            razao = Razao(
                razao.codigo,
                f"Após {verbo} de {saiu}: " + razao.texto,
                (*razao.fundamentos, *self._falsidade(tipo), *base),
                razao.valores,
            )
            return [self._nomear(vaga, insc, destino, data, saiu, razao)]
        insc = self.filas[AMPLA].proximo(indisponivel)
        if insc is None:
            self._sem_candidato([vaga], data)
            return []
        posicao = self._posicao_geral(insc)
        razao = Razao(
            "substituicao_ampla",
            f"Vaga {vaga.numero}, de ampla concorrência, recomposta após {verbo} de {saiu}: "
            f"{insc} ocupa o {posicao}º lugar da lista geral e é o mais bem classificado ainda não "
            "chamado.",
            (*self._concorrencia(), *self._falsidade(tipo), *base),
        )
        return [self._nomear(vaga, insc, AMPLA, data, saiu, razao)]

    def _fundamentos_da_recomposicao(self, vaga: Vaga, lista: str) -> tuple[Referencia, ...]:
        """Os fundamentos de quem recompõe a vaga pela lista dada (os de `_recompor`), sem os
        da causa da saída."""
        grupo = vaga.reservada_para
        if grupo is not None and lista == grupo:
            return self._ref(grupo, "desistencia")
        if grupo is not None:
            return (*self._ref(grupo, "reversao"), *vaga.razao.fundamentos)
        return self._concorrencia()

    def _falsidade(self, tipo: TipoEvento) -> tuple[Referencia, ...]:
        return self.regras.ref("falsidade") if tipo is TipoEvento.ANULACAO else ()

    def _exigir_comissao_concluida(self) -> None:
        if self.listas.pendentes:
            inscricoes = ", ".join(c.inscricao for c in self.listas.pendentes)
            refs = self.regras.comissao.referencias if self.regras.comissao else {}
            artigo = refs["momento"].citacao() if "momento" in refs else "lei aplicável"
            raise HeteroidentificacaoPendente(
                f"Cargo {self.cargo}: a verificação da autodeclaração não foi concluída para "
                f"{inscricoes}; ela deve ocorrer antes de homologada a classificação final e das "
                f"nomeações ({artigo})."
            )


def _seguidas(vagas: list[Vaga]) -> Iterator[list[Vaga]]:
    """As vagas em faixas de números seguidos, em ordem: [3, 4, 5, 9] → [3, 4, 5], [9]."""
    faixa: list[Vaga] = []
    for vaga in sorted(vagas, key=lambda v: v.numero):
        if faixa and vaga.numero != faixa[-1].numero + 1:
            yield faixa
            faixa = []
        faixa.append(vaga)
    if faixa:
        yield faixa


@dataclass
class Certame:
    """Um certame inteiro: regras, cargos com as vagas do edital, candidatos e o livro.

    Os mesmos eventos na mesma ordem dão o mesmo resultado, qualquer que seja a ordem das
    linhas do arquivo de candidatos (as listas são ordenadas por critérios legais completos).
    """

    regras: Regras
    cargos: Mapping[str, int]
    candidatos: Iterable[Candidato]
    validade_ate: date | None = None
    parametros: ParametrosCertame = field(default_factory=ParametrosCertame)
    # As nomeações já publicadas, por cargo: atos em vigor que o livro nunca refaz.
    publicadas: Mapping[str, Iterable[Publicada]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._apuracoes: dict[str, ApuracaoCargo] = {}
        self._memoria_dos_planos = MemoriaDosPlanos()  # partilhada entre os cargos
        # As posições que os sorteios do edital fixaram em cada cargo (a mesma semente, o mesmo
        # resultado: `cotas.motor.sorteio`).
        self._sorteadas = posicoes_sorteadas(self.regras, self.cargos)
        conferir_quadro_do_edital(self.regras, self.cargos)
        # O livro de um cargo guardado (`cotas.motor.estado.retomar`): lido quando pedido.
        self._guardadas: Callable[[str], ApuracaoCargo | None] | None = None
        self._no_livro: frozenset[str] = frozenset()  # (os cargos desse livro guardado)
        self.aberto = False
        self.ultimo_evento: date | None = None
        dia = self.parametros.data_referencia_idade or self.regras.data_edital
        # Sempre em colunas (uma lista de `Candidato` vira uma tabela): um caminho só.
        self._inscritos = inscritos_de(
            self.candidatos,
            list(self.cargos),
            dia,
            self.parametros.criterios_desempate,
            self.regras,
        )

    # -- listas e apuração por cargo ------------------------------------------------------------
    def listas(self, cargo: str) -> Listas:
        return self._apuracao(cargo).listas

    def _apuracao(self, cargo: str) -> ApuracaoCargo:
        if cargo not in self.cargos:
            raise EventoInvalido(f"Cargo '{cargo}' não existe no certame.")
        if (
            cargo not in self._apuracoes
            and self._guardadas is not None
            and (guardada := self._guardadas(cargo)) is not None
        ):
            self._apuracoes[cargo] = guardada
        if cargo not in self._apuracoes:
            self._apuracoes[cargo] = self._nova_apuracao(cargo)
        return self._apuracoes[cargo]

    def _nova_apuracao(self, cargo: str) -> ApuracaoCargo:
        return ApuracaoCargo(
            self.regras,
            self._inscritos.listas(self.regras, cargo),
            self.parametros,
            self._inscritos.nomes,
            self._memoria_dos_planos,
            self.publicadas.get(cargo, ()),
            self._sorteadas.get(cargo),
        )

    def reserva(self, cargo: str) -> ReservaCargo:
        """A reserva do cargo sobre todos os lotes oferecidos até agora (ou só o edital)."""
        ap = self._apuracao(cargo)
        lotes = [lt.quantidade for lt in ap.plano.lotes] or [self.cargos[cargo]]
        return calcular_reserva(
            self.regras,
            lotes,
            self.parametros.prioridade_colisao,
            plano=ap.plano,
            fixadas=self._sorteadas.get(cargo),
            cargo=cargo,
        )

    def vagas(self, cargo: str) -> list[Vaga]:
        return self._apuracao(cargo).vagas

    def lista(self, cargo: str, nome: str) -> ListaDeClassificacao:
        """A lista do cargo pelo nome: a geral (`ampla`), a de um grupo ou a de uma reserva
        conjunta do edital."""
        return self._apuracao(cargo).lista_da_fila(nome)

    def nomeacoes(self, cargo: str) -> list[Nomeacao]:
        return list(self._apuracao(cargo).nomeacoes)

    def ocorrencias(self, cargo: str) -> list[Ocorrencia]:
        return list(self._apuracao(cargo).ocorrencias)

    def ocupantes(self, cargo: str) -> dict[int, str | None]:
        return dict(self._apuracao(cargo).ocupante)

    def lotes(self, cargo: str) -> list[Lote]:
        """Os lotes de vagas oferecidos no cargo (o do edital e os de novas vagas)."""
        return list(self._apuracao(cargo).plano.lotes)

    def nome(self, inscricao: str) -> str:
        return self._inscritos.nomes.get(inscricao, "")

    def inscritos_por_cargo(self) -> dict[str, list[tuple[str, str]]]:
        """(inscrição, nome) de todos os inscritos, por cargo, na ordem do arquivo."""
        por_cargo: dict[str, list[tuple[str, str]]] = {c: [] for c in self.cargos}
        nomes = dict(self._inscritos.nomes.items())
        for inscricao, cargo in self._inscritos.cargo_de.items():
            por_cargo[cargo].append((inscricao, nomes[inscricao]))
        return por_cargo

    def inscritos_do_cargo(self, cargo: str) -> list[tuple[str, str]]:
        """(inscrição, nome) dos inscritos de um cargo, na ordem do arquivo, sem passar pelos
        dos demais cargos."""
        if cargo not in self.cargos:
            raise EventoInvalido(f"Cargo '{cargo}' não existe no certame.")
        return self._inscritos.inscritos_do_cargo(cargo)

    def ordem_das_listas(self, cargo: str) -> list[tuple[str, list[str]]]:
        """As inscrições de cada lista do cargo, em ordem (a geral primeiro, depois as
        reservadas): para quem quer a posição de todos. Da geral sob demanda, sem criar os
        candidatos."""
        listas = self.listas(cargo)
        return [
            (AMPLA, listas.geral.inscricoes()),
            *((g, lista.inscricoes()) for g, lista in listas.reservadas.items()),
        ]

    def excluida(self, inscricao: str, cargo: str | None = None) -> bool:
        """Desistente ou anulada: fora de todas as listas. (`cargo`: o da inscrição, se quem
        pergunta já o sabe.)"""
        cargo = cargo or self.cargo_da_inscricao(inscricao)
        return inscricao in self._apuracao(cargo).removidos

    def vaga_ocupada(self, inscricao: str, cargo: str | None = None) -> int | None:
        """A vaga que a inscrição ocupa agora (None se não ocupa nenhuma)."""
        cargo = cargo or self.cargo_da_inscricao(inscricao)
        return self._apuracao(cargo).vaga_de.get(inscricao)

    def projetar(self, cargo: str, limite: int) -> Iterator[Nomeacao]:
        """As próximas nomeações do cargo se novas vagas surgirem uma a uma, até `limite` vagas,
        numa cópia do livro: o certame não muda. Para quando as listas se esgotam."""
        ap = self._apuracao(cargo)
        # Só o livro (cursores, vagas, nomeações) é copiado. As listas e o que se calcula delas
        # não mudam com as nomeações: partilhadas, e não copiadas (sob demanda, cada lista leva a
        # tabela inteira de candidatos consigo).
        imutaveis = (
            ap.regras,
            ap.listas,
            ap.listas.geral,
            *ap.listas.reservadas.values(),
            *(fila.lista for fila in ap.filas.values()),
            ap._montar_listas,  # (retomado: quem monta as listas leva a tabela inteira consigo)
            ap.nomes,
            ap.parametros,
            self._memoria_dos_planos,
        )
        simulacao = copy.deepcopy(ap, {id(o): o for o in imutaveis})
        for _ in range(limite):
            novas = simulacao.ofertar(1, None, "Projeção")
            if not novas:
                return
            yield from novas

    def cargo_da_inscricao(self, inscricao: str) -> str:
        try:
            return self._inscritos.cargo_de[inscricao]
        except KeyError:
            raise EventoInvalido(f"Inscrição {inscricao} não existe no certame.") from None

    # -- eventos --------------------------------------------------------------------------------
    def _checar_data(self, data: date, o_que: str, *, a_qualquer_tempo: bool = False) -> None:
        """Depois do edital, dentro da validade (salvo `a_qualquer_tempo`) e na ordem."""
        if data < self.regras.data_edital:
            raise EventoInvalido(
                f"{o_que} em {data:%d/%m/%Y}, antes do edital ({self.regras.data_edital:%d/%m/%Y})."
            )
        if not a_qualquer_tempo and self.validade_ate is not None and data > self.validade_ate:
            raise NomeacaoAposValidade(
                f"{o_que} em {data:%d/%m/%Y} recusada: a validade do concurso terminou em "
                f"{self.validade_ate:%d/%m/%Y} ({REF_VALIDADE.citacao()})."
            )
        if self.ultimo_evento is not None and data < self.ultimo_evento:
            raise EventoInvalido(
                f"{o_que} em {data:%d/%m/%Y} está fora da ordem cronológica (último evento em "
                f"{self.ultimo_evento:%d/%m/%Y})."
            )
        self.ultimo_evento = data

    def abrir(self, data: date | None = None) -> list[Nomeacao]:
        """Nomeia as vagas oferecidas pelo edital, em todos os cargos."""
        if self.aberto:
            raise EventoInvalido("As vagas do edital já foram oferecidas.")
        dia = data or self.regras.data_edital
        self._checar_data(dia, "Nomeação das vagas do edital")
        self.aberto = True
        self._inscritos.antecipar(self.cargos, self.listas)
        nomeacoes: list[Nomeacao] = []
        for cargo, quantidade in self.cargos.items():
            if quantidade > 0:
                nomeacoes += self._apuracao(cargo).ofertar(quantidade, dia, "Vagas do edital")
            else:
                self._apuracao(cargo)
        return nomeacoes

    def reapurar(self, cargo: str, eventos: Iterable[Evento], abertura: date | None = None) -> None:
        """Apura um cargo de novo, desde a oferta das vagas do edital (em `abertura`), só com os
        eventos dele, num certame já aberto; os outros cargos ficam como estão. Dá o mesmo
        livro do cargo que reencenar o certame inteiro (os cargos não dependem uns dos outros:
        `tests/motor/test_estado.py`): quem retoma um livro guardado reapura só o cargo cujos
        candidatos mudaram (uma correção depois da homologação). As datas são conferidas na
        ordem dos eventos do cargo; o último evento do certame continua o mais recente dos
        dois."""
        if not self.aberto:
            raise EventoInvalido("Reapurar um cargo pede o certame aberto.")
        if cargo not in self.cargos:
            raise EventoInvalido(f"Cargo '{cargo}' não existe no certame.")
        eventos = ordenar_no_dia(eventos)
        ultimo = self.ultimo_evento
        self.prever(eventos)
        self._apuracoes[cargo] = apuracao = self._nova_apuracao(cargo)
        dia = abertura or self.regras.data_edital
        self.ultimo_evento = None
        try:
            self._checar_data(dia, "Nomeação das vagas do edital")
            if self.cargos[cargo] > 0:
                apuracao.ofertar(self.cargos[cargo], dia, "Vagas do edital")
            for evento in eventos:
                if self._cargo_do_evento(evento) != cargo:
                    raise EventoInvalido(
                        f"{evento.tipo.descricao}: o evento não é do cargo {cargo}."
                    )
                try:
                    self.aplicar(evento)
                except ErroCotas as erro:
                    erro.evento = evento
                    raise
        finally:
            datas = [d for d in (ultimo, self.ultimo_evento) if d is not None]
            self.ultimo_evento = max(datas, default=None)

    def _cargo_do_evento(self, evento: Evento) -> str:
        if evento.cargo is not None:
            return evento.cargo
        if evento.inscricao is None:
            raise EventoInvalido(f"{evento.tipo.descricao}: informe a inscrição.")
        return self.cargo_da_inscricao(evento.inscricao)

    def prever(self, eventos: Iterable[Evento]) -> None:
        """Avisa os eventos que virão (quem apura um cenário inteiro os conhece de antemão), para
        que os inscritos preparem de uma vez o que eles vão consultar. Não muda nenhum
        resultado."""
        self._inscritos.prever(eventos)

    def ofertar_vagas(
        self, cargo: str, quantidade: int, data: date, justificativa: str
    ) -> list[Nomeacao]:
        """Novas vagas durante a validade: o percentual vale sobre o total
        (docs/INTERPRETACAO.md#fracao-entre-lotes) e o limiar conta todas as vagas já oferecidas
        (docs/INTERPRETACAO.md#base-do-limiar)."""
        if not self.aberto:
            self.abrir()
        if quantidade <= 0:
            raise EventoInvalido(f"novas_vagas: quantidade deve ser positiva (cargo {cargo}).")
        if not justificativa.strip():
            raise EventoInvalido(f"novas_vagas: informe a justificativa (cargo {cargo}).")
        self._checar_data(
            data, f"Oferta de {contar(quantidade, 'nova vaga', 'novas vagas')} no cargo {cargo}"
        )
        return self._apuracao(cargo).ofertar(quantidade, data, justificativa)

    def _desligar(
        self,
        data: date,
        inscricao: str,
        tipo: TipoEvento,
        motivo: str,
        procedimento: ProcedimentoAdministrativo | None = None,
        fundamento: str = "",
    ) -> list[Nomeacao]:
        if not self.aberto:
            self.abrir()
        cargo = self.cargo_da_inscricao(inscricao)
        base = None
        if tipo is TipoEvento.ANULACAO:
            self._conferir_anulacao(data, inscricao, procedimento)
        elif tipo is TipoEvento.ELIMINACAO:
            base = self._base_da_eliminacao(inscricao, fundamento, motivo)
        # A declaração falsa anula a inscrição a qualquer tempo, mesmo depois da validade
        # (docs/INTERPRETACAO.md#anulacao); as demais saídas, só dentro dela.
        anulacao = tipo is TipoEvento.ANULACAO
        self._checar_data(data, f"{tipo.descricao} de {inscricao}", a_qualquer_tempo=anulacao)
        encerrada = (
            self.validade_ate
            if anulacao and self.validade_ate is not None and data > self.validade_ate
            else None
        )
        return self._apuracao(cargo).desligar(
            data, inscricao, tipo, motivo, encerrada, procedimento, base
        )

    def _conferir_anulacao(
        self, data: date, inscricao: str, procedimento: ProcedimentoAdministrativo | None
    ) -> None:
        """A anulação por declaração falsa: só se a lei a prevê, só de quem se autodeclarou para
        concorrer à reserva e só com o registro do procedimento com contraditório e ampla
        defesa (docs/INTERPRETACAO.md#anulacao)."""
        falsidade = self.regras.falsidade
        citacao = "; ".join(r.citacao() for r in self.regras.ref("falsidade"))
        if falsidade is None:
            raise EventoInvalido(
                f"Anulação de {inscricao}: {self.regras.lei.titulo} não prevê a anulação por "
                f"declaração falsa ({citacao}); para outra causa, use uma eliminação com o seu "
                "fundamento."
            )
        candidato = self._inscrito(inscricao)
        if candidato is None or not candidato.reservas:
            raise EventoInvalido(
                f"Anulação de {inscricao} por declaração falsa recusada: a inscrição não optou "
                "pela reserva de um grupo da lei com a autodeclaração, que é a declaração de "
                f"que a lei trata ({citacao}). Para outra causa, use uma eliminação com o seu "
                "fundamento legal."
            )
        if procedimento is None:
            raise EventoInvalido(
                f"Anulação de {inscricao} por declaração falsa sem o registro do procedimento "
                f"administrativo com contraditório e ampla defesa ({citacao}): informe a data da "
                "notificação, a da defesa (ou que não foi apresentada), a da decisão e a "
                "autoridade que decidiu."
            )
        problemas = procedimento.problemas(data)
        if problemas:
            raise EventoInvalido(
                f"Anulação de {inscricao}: procedimento administrativo inválido: "
                f"{'; '.join(problemas)}."
            )

    def _base_da_eliminacao(self, inscricao: str, fundamento: str, motivo: str) -> Referencia:
        """A eliminação por outra causa cita o fundamento que o operador informa (nunca o da
        declaração falsa)."""
        if not fundamento.strip() or not motivo.strip():
            raise EventoInvalido(
                f"Eliminação de {inscricao}: informe o fundamento legal (o dispositivo do edital "
                "ou da lei) e a justificativa."
            )
        return Referencia("Fundamento informado pelo operador", fundamento.strip(), motivo.strip())

    def _inscrito(self, inscricao: str) -> Candidato | None:
        """O candidato inscrito, aprovado ou não."""
        return self._inscritos.candidato(inscricao)

    def desistencia(self, data: date, inscricao: str, motivo: str = "") -> list[Nomeacao]:
        return self._desligar(data, inscricao, TipoEvento.DESISTENCIA, motivo)

    def sem_posse(self, data: date, inscricao: str, motivo: str = "") -> list[Nomeacao]:
        """O nomeado que não tomou posse no prazo: a vaga se recompõe como na desistência."""
        return self._desligar(data, inscricao, TipoEvento.SEM_POSSE, motivo)

    def anulacao(
        self,
        data: date,
        inscricao: str,
        procedimento: ProcedimentoAdministrativo | None,
        motivo: str = "",
    ) -> list[Nomeacao]:
        """Anulação por declaração falsa na autodeclaração, com o registro do procedimento."""
        return self._desligar(data, inscricao, TipoEvento.ANULACAO, motivo, procedimento)

    def eliminacao(
        self, data: date, inscricao: str, fundamento: str, motivo: str
    ) -> list[Nomeacao]:
        """Saída do certame por outra causa, com o fundamento legal que o operador informa."""
        return self._desligar(data, inscricao, TipoEvento.ELIMINACAO, motivo, None, fundamento)

    def final_de_fila(self, data: date, inscricao: str, motivo: str = "") -> list[Nomeacao]:
        return self._desligar(data, inscricao, TipoEvento.FINAL_DE_FILA, motivo)

    def aplicar(self, evento: Evento) -> list[Nomeacao]:
        if evento.tipo is TipoEvento.NOVAS_VAGAS:
            if evento.cargo is None or evento.quantidade is None:
                raise EventoInvalido("novas_vagas exige cargo e quantidade.")
            return self.ofertar_vagas(
                evento.cargo, evento.quantidade, evento.data, evento.justificativa
            )
        if evento.inscricao is None:
            raise EventoInvalido(f"{evento.tipo.descricao}: informe a inscrição.")
        return self._desligar(
            evento.data,
            evento.inscricao,
            evento.tipo,
            evento.justificativa,
            evento.procedimento,
            evento.fundamento,
        )

    def apurar(
        self,
        eventos: Iterable[Evento] = (),
        abertura: date | None = None,
        ao_recusar: Callable[[ErroCotas], None] | None = None,
    ) -> Certame:
        """Reencena o certame: oferece as vagas do edital (em `abertura`; sem ela, na data do
        edital) e aplica os eventos, os do mesmo dia na ordem do livro (`ordenar_no_dia`). O
        único caminho dos fatos ao resultado, para a linha de comando, a web e os testes.

        O evento que a lei recusa vai no erro (`ErroCotas.evento`); com `ao_recusar`, o erro é
        entregue a ela e os eventos seguintes ainda são aplicados (quem confere um arquivo
        inteiro quer todos os erros de uma vez)."""
        eventos = ordenar_no_dia(eventos)
        self.prever(eventos)
        if not self.aberto:
            self.abrir(abertura)
        for evento in eventos:
            try:
                self.aplicar(evento)
            except ErroCotas as erro:
                erro.evento = evento
                if ao_recusar is None:
                    raise
                ao_recusar(erro)
        return self
